//! What each function does with its arguments, solved over the module's
//! calls: which may be null placeholders, and which an embedder may lend
//! as headers it fills itself (`wrt_borrowed_tensor`).

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef, OperationResult};
use melior::ir::{BlockRef, RegionLike, Value, ValueLike};
use wrapc_dialects::views::{self, func::CallOp, LazyLaunchOp};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use super::{is_private, name_of};
use crate::ir;
use crate::ir::ValueId;

/// For each function with a body: which arguments it only returns or
/// passes on to a call whose callee takes them null-safely in turn (or only
/// declares them: the embedder's graph, which gets a frozen argument's
/// placeholder in PyTorch too), so that a caller may pass the null
/// placeholder of a frozen argument there. Anything else would dereference
/// the null handle; a call passing one to such an argument is a
/// compile-time error.
pub(super) fn null_safe_arguments(functions: &[OperationRef]) -> HashMap<String, Vec<bool>> {
    solve(functions, |op, _, _| is_return(op))
}

fn is_return(op: OperationRef) -> bool {
    op.name().as_string_ref().as_str() == Ok("func.return")
}

/// For each private function with a body: which results hand back one of
/// its own tensor arguments unchanged (the compiled graph returning a
/// mutated input, or the base of an alias). Within the module those results
/// cross the ABI as borrowed handles: the callee does not retain them and
/// the caller uses its own argument, so no retain/release pair runs per
/// call for them.
pub(super) fn forwarded_results(functions: &[OperationRef]) -> HashMap<String, Vec<Option<usize>>> {
    per_private_result(functions, |value, body| {
        ir::argument_number(value, body).filter(|_| TensorTypeInfo::from_type(value.r#type()).is_some())
    })
}

/// For each private function with a body: which results are a strided
/// view (`wrap.reinterpret`, `wrap.as_strided`, or a chain of them) of one
/// of its tensor arguments: Inductor's graph returning an output that
/// aliases an input. Its callers hold a view of their operand there.
pub(super) fn viewed_results(functions: &[OperationRef]) -> HashMap<String, Vec<Option<usize>>> {
    per_private_result(functions, view_source)
}

/// `argument_of` applied to every returned value of every private function
/// with a body, by function name.
fn per_private_result(
    functions: &[OperationRef],
    argument_of: impl Fn(Value, BlockRef) -> Option<usize>,
) -> HashMap<String, Vec<Option<usize>>> {
    let mut found = HashMap::new();
    for &function in functions {
        let private = is_private(function);
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let Some(terminator) = body.terminator().filter(|t| is_return(*t)).filter(|_| private) else { continue };
        let results = terminator.operands().map(|value| argument_of(value, body)).collect();
        found.insert(name_of(function), results);
    }
    found
}

/// The argument of `body` that `value` is a strided view of, through a
/// chain of views; none for the argument itself or anything else.
fn view_source(value: Value, body: BlockRef) -> Option<usize> {
    let mut at = value;
    let mut views = 0;
    loop {
        if let Some(i) = ir::argument_number(at, body) {
            return (views > 0 && TensorTypeInfo::from_type(at.r#type()).is_some()).then_some(i);
        }
        let op = OperationResult::try_from(at).ok()?.owner();
        if !matches!(WrapOp::of(&op), Some(WrapOp::Reinterpret | WrapOp::AsStrided)) {
            return None;
        }
        at = op.operand(0).ok()?;
        views += 1;
    }
}

/// For each function with a body: which tensor arguments it only reads,
/// bumps or returns, so that an embedder may lend its own tensor there as
/// a header it fills for the call, with no runtime object behind it.
///
/// A read is an inline one: a size, stride or offset, a kernel's memory
/// (`wrap.launch`, a lazy launch outside CUDA-graph mode, whose first
/// call's tuning reads a lent header's extent too), an extern kernel's
/// operand (the embedder's own callback takes its own tensor back), a
/// strided view (`wrap.reinterpret`, `wrap.as_strided`: the runtime makes
/// a lent header of its own, as Inductor hands a transposed weight to
/// `addmm`) that is only read, freed or returned in turn, or passing it on
/// to a call whose callee only reads it, or only declares it (the
/// embedder's graph, which may `set_` the embedder's tensor onto other
/// memory where AOTAutograd keeps that in it: the header stays the one
/// lent at the call's start, as a mirror stays until the call ends, and
/// the embedder keeps that memory alive for the call).
///
/// A public function may return a lent argument or a view of it: the
/// embedder gets its own header back, or a lent view naming its tensor (an
/// output that aliases an input, which the embedder makes its own view
/// of). A private one may return the argument or a view of it, and its
/// callers' uses of that result count as uses of their operand
/// ([`forwarded_results`], [`viewed_results`]). A version bump (an input
/// the graph wrote in place) is counted in the lent header's own cell,
/// which the embedder adds to its tensor's counter afterwards. An input
/// written back, a duplicate compared, a base merged, a requires-grad
/// patch, a dtype view: each of those needs the runtime's object.
pub(super) fn borrowable_arguments(functions: &[OperationRef]) -> HashMap<String, Vec<bool>> {
    let mut uses: HashMap<ValueId, Vec<(OperationRef, usize)>> = HashMap::new();
    for &function in functions {
        if let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) {
            collect_uses(body, &mut uses);
        }
    }
    let mut flags = solve(functions, |op, position, view| reads(op, position, &uses, view));
    for &function in functions {
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let name = name_of(function);
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
fn reads(op: OperationRef, position: usize, uses: &HashMap<ValueId, Vec<(OperationRef, usize)>>, view: bool) -> bool {
    match WrapOp::of(&op) {
        Some(
            WrapOp::Launch | WrapOp::ExternCall | WrapOp::TensorSize | WrapOp::TensorStride | WrapOp::TensorOffset,
        ) => true,
        Some(WrapOp::LazyLaunch) => LazyLaunchOp::new(op).is_ok_and(|launch| !launch.cuda_graph()),
        Some(WrapOp::Free) => view,
        // An input the graph wrote, bumped inline through the header's
        // counter: a lent argument's own cell, which the embedder applies
        // to its tensor after the call (a view's cell is its own, lost).
        Some(WrapOp::BumpVersion) => !view,
        Some(WrapOp::Reinterpret | WrapOp::AsStrided) if position == 0 => {
            let result = op.result(0).expect("a view has its result");
            uses.get(&ValueId::of(result)).into_iter().flatten().all(|&(user, at)| reads(user, at, uses, true))
        }
        Some(_) => false,
        // A public function hands the lent argument or its view to the
        // embedder; a private one forwards the argument or hands back its
        // view to its callers, whose uses of the result count
        // ([`forwarded_results`], [`viewed_results`]).
        None => is_return(op),
    }
}

/// Every op operand in `block` (and nested in it), by the value it uses.
fn collect_uses<'c, 'a>(block: BlockRef<'c, 'a>, uses: &mut HashMap<ValueId, Vec<(OperationRef<'c, 'a>, usize)>>) {
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        for (position, operand) in op.operands().enumerate() {
            uses.entry(ValueId::of(operand)).or_default().push((op, position));
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
fn solve(
    functions: &[OperationRef],
    allowed: impl Fn(OperationRef, usize, bool) -> bool,
) -> HashMap<String, Vec<bool>> {
    let forwarded = forwarded_results(functions);
    let viewed = viewed_results(functions);
    let mut flags: HashMap<String, Vec<bool>> = HashMap::new();
    // (function, argument, callee, position): argument passed on as is.
    let mut passes: Vec<(String, usize, String, usize)> = Vec::new();
    for &function in functions {
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let name = name_of(function);
        let mut arguments: HashMap<ValueId, (usize, bool)> =
            (0..body.argument_count()).map(|i| (ValueId::of(body.argument(i).unwrap()), (i, false))).collect();
        let mut these = vec![true; body.argument_count()];
        let mut passed = Vec::new();
        let mut context = Marking { forwarded: &forwarded, viewed: &viewed, allowed: &allowed, passed: &mut passed };
        mark_uses(body, &mut arguments, &mut context, &mut these);
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

/// What [`mark_uses`] consults and collects across a function's blocks.
struct Marking<'f, F> {
    forwarded: &'f HashMap<String, Vec<Option<usize>>>,
    viewed: &'f HashMap<String, Vec<Option<usize>>>,
    allowed: &'f F,
    /// Calls an argument is passed to: (argument, callee, operand position).
    passed: &'f mut Vec<(usize, String, usize)>,
}

/// Clears the flag of every argument in `arguments` that an op in `block`
/// (or nested in it) uses other than as `allowed` accepts or by passing it
/// to a call; the calls are collected in `passed`. A call's result that
/// its callee forwards from such an operand is the argument itself after
/// lowering, one it hands back a view of is a view of the argument: each
/// joins `arguments` (with whether it is a view), so that its uses count.
/// A view passed to a call is no read.
fn mark_uses<F: Fn(OperationRef, usize, bool) -> bool>(
    block: BlockRef,
    arguments: &mut HashMap<ValueId, (usize, bool)>,
    context: &mut Marking<F>,
    flags: &mut [bool],
) {
    let mut next = block.first_operation();
    while let Some(op) = next {
        next = op.next_in_block();
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        let callee = (WrapOp::of(&op) == Some(WrapOp::CallCompiled) || name == CallOp::NAME)
            .then(|| views::callee(op).ok())
            .flatten();
        for (position, operand) in op.operands().enumerate() {
            let Some(&(i, view)) = arguments.get(&ValueId::of(operand)) else { continue };
            match &callee {
                Some(_) if view => flags[i] = false,
                Some(callee) => {
                    context.passed.push((i, callee.clone(), position));
                    for (results, view) in [(context.forwarded, false), (context.viewed, true)] {
                        let from = results.get(callee).into_iter().flatten().enumerate();
                        for (j, _) in from.filter(|(_, from)| **from == Some(position)) {
                            arguments.insert(ValueId::of(op.result(j).expect("a result per listed one")), (i, view));
                        }
                    }
                }
                None if (context.allowed)(op, position, view) => {}
                None => flags[i] = false,
            }
        }
        for region in op.regions() {
            let mut inner = region.first_block();
            while let Some(b) = inner {
                mark_uses(b, arguments, context, flags);
                inner = b.next_in_region();
            }
        }
    }
}
