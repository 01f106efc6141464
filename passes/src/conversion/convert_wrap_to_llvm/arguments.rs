//! What each function does with its arguments, solved over the module's
//! calls: which may be null placeholders, and which an embedder may lend
//! as headers it fills itself (`wrt_borrowed_tensor`).

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{BlockRef, RegionLike, ValueLike};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use super::key;
use crate::ir;

/// For each function with a body: which arguments it only returns or
/// passes on to a call whose callee takes them null-safely in turn (or only
/// declares them: the embedder's graph, which gets a frozen argument's
/// placeholder in PyTorch too), so that a caller may pass the null
/// placeholder of a frozen argument there. Anything else would dereference
/// the null handle; a call passing one to such an argument is a
/// compile-time error.
pub(super) fn null_safe_arguments(functions: &[OperationRef]) -> HashMap<String, Vec<bool>> {
    solve(functions, |op, _| op.name().as_string_ref().as_str() == Ok("func.return"))
}

/// For each function with a body: which tensor arguments it only reads,
/// so that an embedder may lend its own tensor there as a header it fills
/// for the call, with no runtime object behind it. A read is an inline
/// one: a size, stride or offset, a kernel's memory (`wrap.launch`, a lazy
/// launch outside CUDA-graph mode, whose first call's tuning reads a lent
/// header's extent too), an extern kernel's operand (the embedder's own
/// callback takes its own tensor back), a strided view (`wrap.reinterpret`,
/// `wrap.as_strided`: the runtime makes a lent header of its own, as
/// Inductor hands a transposed weight to `addmm`) that is only read and
/// freed in turn, or passing it on to a call whose callee only reads it
/// (or only declares it: the embedder's graph). An input written back,
/// an alias returned, a duplicate compared, a base merged: each of those
/// needs the runtime's object, and none is a read. Returning an argument is not one either:
/// the caller would hold it past the call. A version bump (an input the
/// graph wrote in place) is counted in the lent header's own cell, which
/// the embedder adds to its tensor's counter afterwards.
pub(super) fn borrowable_arguments(functions: &[OperationRef]) -> HashMap<String, Vec<bool>> {
    let mut uses: HashMap<usize, Vec<(OperationRef, usize)>> = HashMap::new();
    for &function in functions {
        if let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) {
            collect_uses(body, &mut uses);
        }
    }
    let mut flags = solve(functions, |op, position| reads(op, position, &uses, false));
    for &function in functions {
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let name = ir::string_attr(function, "sym_name").unwrap_or_default();
        if let Some(flags) = flags.get_mut(&name) {
            for (i, flag) in flags.iter_mut().enumerate() {
                let ty = body.argument(i).expect("an argument per flag").r#type();
                // Plain tensors only (an int is boxed, a subclass instance
                // unwrapped: runtime objects both).
                *flag &= TensorTypeInfo::from_type(ty).is_some();
            }
        }
    }
    flags
}

/// Whether `op` only reads its operand `position` (see
/// [`borrowable_arguments`]); `view`: the operand is a view of a lent
/// argument, which `wrap.free` gives back.
fn reads(op: OperationRef, position: usize, uses: &HashMap<usize, Vec<(OperationRef, usize)>>, view: bool) -> bool {
    match WrapOp::of(&op) {
        Some(
            WrapOp::Launch | WrapOp::ExternCall | WrapOp::TensorSize | WrapOp::TensorStride | WrapOp::TensorOffset,
        ) => true,
        Some(WrapOp::LazyLaunch) => op.attribute("cuda_graph").is_err(),
        Some(WrapOp::Free) => view,
        // An input the graph wrote, bumped inline through the header's
        // counter: a lent argument's own cell, which the embedder applies
        // to its tensor after the call (a view's cell is its own, lost).
        Some(WrapOp::BumpVersion) => !view,
        Some(WrapOp::Reinterpret | WrapOp::AsStrided) if position == 0 => {
            let result = op.result(0).expect("a view has its result");
            uses.get(&key(result.into())).into_iter().flatten().all(|&(user, at)| reads(user, at, uses, true))
        }
        _ => false,
    }
}

/// Every op operand in `block` (and nested in it), by the value it uses.
fn collect_uses<'c, 'a>(block: BlockRef<'c, 'a>, uses: &mut HashMap<usize, Vec<(OperationRef<'c, 'a>, usize)>>) {
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        for (position, operand) in op.operands().enumerate() {
            uses.entry(key(operand)).or_default().push((op, position));
        }
        for region in op.regions() {
            let mut inner = region.first_block();
            while let Some(b) = inner {
                collect_uses(b, uses);
                inner = b.next_in_region();
            }
        }
    }
}

/// Per function with a body, per argument: true when every use of it is
/// one `allowed` accepts (the op and the operand's position), or passing
/// it on to a call whose callee's argument is true in turn, or to a callee
/// with no body. Transitive: solved to a fixed point over the calls.
fn solve(functions: &[OperationRef], allowed: impl Fn(OperationRef, usize) -> bool) -> HashMap<String, Vec<bool>> {
    let mut flags: HashMap<String, Vec<bool>> = HashMap::new();
    // (function, argument, callee, position): argument passed on as is.
    let mut passes: Vec<(String, usize, String, usize)> = Vec::new();
    for &function in functions {
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let name = ir::string_attr(function, "sym_name").unwrap_or_default();
        let arguments: HashMap<usize, usize> =
            (0..body.argument_count()).map(|i| (key(body.argument(i).unwrap().into()), i)).collect();
        let mut these = vec![true; body.argument_count()];
        let mut passed = Vec::new();
        mark_uses(body, &arguments, &allowed, &mut these, &mut passed);
        passes.extend(passed.into_iter().map(|(arg, callee, position)| (name.clone(), arg, callee, position)));
        flags.insert(name, these);
    }
    loop {
        let cleared: Vec<(String, usize)> = passes
            .iter()
            .filter(|(f, arg, callee, position)| {
                flags[f][*arg] && flags.get(callee).is_some_and(|flags| !flags.get(*position).copied().unwrap_or(false))
            })
            .map(|(f, arg, _, _)| (f.clone(), *arg))
            .collect();
        if cleared.is_empty() {
            return flags;
        }
        for (f, arg) in cleared {
            flags.get_mut(&f).expect("a function with a body")[arg] = false;
        }
    }
}

/// Clears the flag of every argument in `arguments` that an op in `block`
/// (or nested in it) uses other than as `allowed` accepts or by passing it
/// to a call; the calls are collected in `passed` as (argument, callee,
/// operand position).
fn mark_uses(
    block: BlockRef,
    arguments: &HashMap<usize, usize>,
    allowed: &impl Fn(OperationRef, usize) -> bool,
    flags: &mut [bool],
    passed: &mut Vec<(usize, String, usize)>,
) {
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        let callee = (WrapOp::of(&op) == Some(WrapOp::CallCompiled) || name == "func.call")
            .then(|| ir::flat_symbol_attr(op, "callee"))
            .flatten();
        for (position, operand) in op.operands().enumerate() {
            let Some(&i) = arguments.get(&key(operand)) else { continue };
            match &callee {
                Some(callee) => passed.push((i, callee.clone(), position)),
                None if allowed(op, position) => {}
                None => flags[i] = false,
            }
        }
        for region in op.regions() {
            let mut inner = region.first_block();
            while let Some(b) = inner {
                mark_uses(b, arguments, allowed, flags, passed);
                inner = b.next_in_region();
            }
        }
    }
}
