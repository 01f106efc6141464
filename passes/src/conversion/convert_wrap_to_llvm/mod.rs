//! `convert-wrap-to-llvm`: straight-line wrap IR → native entry points with
//! wrapc's C ABI, calling the runtime (`wrt_*`) for every op that is real
//! work. See Passes.td for the contract.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use melior::dialect::llvm::attributes::Linkage;
use melior::dialect::{func, llvm};
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef};
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{Block, BlockRef, Location, Region, RegionLike, RegionRef, Type, Value, ValueLike};
use melior::Context;
use wrapc_abi::BORROWED_SUFFIX;
use wrapc_dialects::views::{self, arith::ConstantOp, func::CallOp, func::FuncOp, llvm::GlobalOp};
use wrapc_dialects::{SubclassInfo, TensorTypeInfo, WrapOp};

mod abi;
mod arguments;
mod builder;
mod call;
mod copy;
mod launch_cuda;
mod launch_host;
mod launches;
mod ownership;
mod pattern;
mod patterns;
mod state;
mod subclass;
mod tensors;
mod types;
mod unwind;

use abi::PTR;

use crate::ir::{self, PassResult, Reported, ValueId};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    reject_unlowered(module)?;
    reject_recursion(module)?;
    split_internal_callees(module)?;
    let functions = entry_points(module)?;
    let mut decls = Declarations {
        converted: functions.iter().map(|&f| name_of(f)).collect(),
        forwarded: arguments::forwarded_results(&functions),
        null_safe: arguments::null_safe_arguments(&functions),
        ..Declarations::default()
    };
    let lent = lendable_entries(&functions)?;
    for function in functions {
        lower_function(module, function, &mut decls)?;
    }
    for (name, flags) in lent {
        emit_borrowed_list(module, &name, &flags);
    }
    for kernel in ir::collect_ops(module, WrapOp::Kernel.name()) {
        ir::erase(kernel);
    }
    Ok(())
}

/// Per public entry point with a body and an argument it only reads, the
/// flags [`arguments::borrowable_arguments`] gives; a symbol the list
/// would be named as already in the module is an error.
fn lendable_entries(functions: &[OperationRef]) -> Result<Vec<(String, Vec<bool>)>, Reported> {
    let flags = arguments::borrowable_arguments(functions);
    let mut lent = Vec::new();
    for &function in functions {
        let (private, name) = (is_private(function), name_of(function));
        let Some(these) = flags.get(&name).filter(|f| !private && f.contains(&true)) else { continue };
        let list = format!("{name}{BORROWED_SUFFIX}");
        if ir::lookup_symbol(function, &list).is_some() {
            return ir::fail(
                function,
                &format!("'@{list}' is taken: it would name the entry point's borrowable arguments"),
            );
        }
        lent.push((name, these.clone()));
    }
    Ok(lent)
}

/// The exported constant `<entry>_borrowed` (see [`BORROWED_SUFFIX`]).
fn emit_borrowed_list(module: OperationRef, entry: &str, flags: &[bool]) {
    let context = ir::context_of(module);
    let module_body = module.region(0).unwrap().first_block().unwrap();
    let bytes: Vec<&str> = flags.iter().map(|&f| if f { "1" } else { "0" }).collect();
    // Quoted, every byte outside printable ASCII (and the quote and
    // backslash) escaped: an entry's name need not be an identifier.
    let name: String = format!("{entry}{BORROWED_SUFFIX}")
        .bytes()
        .map(|b| match b {
            0x20..=0x7e if b != b'"' && b != b'\\' => char::from(b).to_string(),
            _ => format!("\\{b:02X}"),
        })
        .collect();
    let source = format!(
        "llvm.mlir.global external constant @\"{name}\"(dense<[{}]> : tensor<{}xi8>) \
         {{addr_space = 0 : i32}} : !llvm.array<{} x i8>",
        bytes.join(", "),
        flags.len(),
        flags.len()
    );
    let parsed = ir::insert_parsed(context, &source, module_body, None);
    assert!(parsed, "wrapc spells valid globals: {source}");
}

/// Level-1 ops and generic level-2 ops need the specialization passes first.
fn reject_unlowered(module: OperationRef) -> PassResult {
    let needs = [
        (WrapOp::RuntimeWrapper.name(), "wrap-orchestrate"),
        (WrapOp::SubclassWrapper.name(), "wrap-flatten-subclasses"),
        (WrapOp::ApplyMutation.name(), "wrap-specialize-mutation-epilogue"),
        (WrapOp::ReplayAlias.name(), "wrap-inline-alias-replay"),
    ];
    for (name, pass) in needs {
        if let Some(op) = ir::collect_ops(module, name).first() {
            return ir::fail(*op, &format!("'{name}' must be lowered by {pass} before convert-wrap-to-llvm"));
        }
    }
    Ok(())
}

/// A public function that others in the module call (a runtime wrapper
/// under its subclass or dedupe wrapper) gets a private, unchecked twin for
/// those calls: public entry points check what C hands them, but an inner
/// call may legitimately pass what C may not (the null placeholder of an
/// argument the compiler froze), and was checked by its caller already.
/// Wrappers call down a fixed chain (dedupe, subclass, runtime wrapper,
/// graph) and never recurse; a recursive call in native code would
/// overflow the caller's stack at run time, so it is refused here.
fn reject_recursion(module: OperationRef) -> PassResult {
    let functions = functions(module)?;
    let index: HashMap<String, usize> = functions.iter().enumerate().map(|(i, &f)| (name_of(f), i)).collect();
    // Each function's calls of functions in the module: (call op, callee).
    let calls: Vec<Vec<(OperationRef, usize)>> = functions
        .iter()
        .map(|&f| {
            [ir::collect_ops(f, CallOp::NAME), ir::collect_ops(f, WrapOp::CallCompiled.name())]
                .concat()
                .into_iter()
                .filter_map(|call| Some((call, *index.get(&views::callee(call).ok()?)?)))
                .collect()
        })
        .collect();
    // Depth-first, iteratively: 0 unvisited, 1 on the current path, 2 done.
    let mut state = vec![0u8; functions.len()];
    for root in 0..functions.len() {
        if state[root] != 0 {
            continue;
        }
        let mut stack = vec![(root, 0usize)];
        state[root] = 1;
        while let Some(&mut (f, ref mut next)) = stack.last_mut() {
            let Some(&(call, callee)) = calls[f].get(*next) else {
                state[f] = 2;
                stack.pop();
                continue;
            };
            *next += 1;
            match state[callee] {
                0 => {
                    state[callee] = 1;
                    stack.push((callee, 0));
                }
                1 => {
                    let name = name_of(functions[callee]);
                    return ir::fail(
                        call,
                        &format!("calls @{name} recursively; wrapc's native code calls no function recursively"),
                    );
                }
                _ => {}
            }
        }
    }
    Ok(())
}

const UNCHECKED_PREFIX: &str = "__wrapc_unchecked_";

/// The function a call names, as the user wrote it (not its twin).
fn source_name(callee: &str) -> &str {
    callee.strip_prefix(UNCHECKED_PREFIX).unwrap_or(callee)
}

fn split_internal_callees(module: OperationRef) -> PassResult {
    // Public functions with a body, by name (one pass: no symbol-table
    // lookup per call).
    let public: HashMap<String, OperationRef> = functions(module)?
        .into_iter()
        .filter(|&f| !is_private(f) && f.region(0).ok().and_then(|r| r.first_block()).is_some())
        .map(|f| (name_of(f), f))
        .collect();
    let mut twins: HashMap<String, String> = HashMap::new();
    for call in ir::collect_ops(module, CallOp::NAME) {
        let callee = views::reported(call, views::callee)?;
        if !twins.contains_key(&callee) {
            let Some(&function) = public.get(&callee) else { continue };
            let context = ir::context_of(function);
            let twin_name = format!("{UNCHECKED_PREFIX}{callee}");
            let block = function.block().expect("a function sits in the module");
            let twin = block.insert_operation_after(function, ir::clone_operation(function));
            let mut twin = ir::as_mut(twin);
            twin.set_attribute("sym_name", StringAttribute::new(context, &twin_name).into());
            twin.set_attribute("sym_visibility", StringAttribute::new(context, "private").into());
            twins.insert(callee.clone(), twin_name);
        }
        let context = ir::context_of(call);
        let twin = melior::ir::attribute::FlatSymbolRefAttribute::new(context, &twins[&callee]);
        ir::as_mut(call).set_attribute("callee", twin.into());
    }
    Ok(())
}

/// Every `func.func` of `module`, each checked to have its required
/// attributes ([`name_of`] and [`is_private`] read them after).
fn functions<'c, 'a>(module: OperationRef<'c, 'a>) -> Result<Vec<OperationRef<'c, 'a>>, Reported> {
    let functions = ir::collect_ops(module, FuncOp::NAME);
    for &function in &functions {
        views::reported(function, FuncOp::new)?;
    }
    Ok(functions)
}

/// The name of a function [`functions`] returned.
fn name_of(function: OperationRef) -> String {
    FuncOp::new(function).expect(CHECKED).sym_name()
}

/// Whether a function [`functions`] returned is private.
fn is_private(function: OperationRef) -> bool {
    FuncOp::new(function).expect(CHECKED).sym_visibility().as_deref() == Some("private")
}

/// The type of a function [`functions`] returned.
fn type_of<'c>(function: OperationRef<'c, '_>) -> (Vec<Type<'c>>, Vec<Type<'c>>) {
    FuncOp::new(function).expect(CHECKED).function_type()
}

const CHECKED: &str = "a func.func checked by `functions`";

fn is_wrap_type(ty: Type) -> bool {
    TensorTypeInfo::from_type(ty).is_some() || SubclassInfo::from_type(ty).is_some()
}

/// Whether `function`'s body uses the wrap dialect.
fn uses_wrap_ops(function: OperationRef) -> bool {
    let mut found = false;
    for name in [
        WrapOp::CallCompiled.name(),
        WrapOp::GradModeGet.name(),
        WrapOp::Launch.name(),
        WrapOp::LazyLaunch.name(),
        WrapOp::ExternCall.name(),
        WrapOp::Alloc.name(),
        WrapOp::EmptyStrided.name(),
    ] {
        found |= !ir::collect_ops(function, name).is_empty();
    }
    found
}

/// The functions that get wrapc's ABI: every `func.func` with a wrap type
/// in its signature or wrap ops in its body, and every compiled graph a
/// wrapper calls. Tensor-subclass values cross as tensor handles.
fn entry_points<'c, 'a>(module: OperationRef<'c, 'a>) -> Result<Vec<OperationRef<'c, 'a>>, Reported> {
    let callees: HashSet<String> = ir::collect_ops(module, WrapOp::CallCompiled.name())
        .into_iter()
        .filter_map(|call| views::callee(call).ok())
        .collect();
    let mut selected = Vec::new();
    for function in functions(module)? {
        let (inputs, results) = type_of(function);
        let name = name_of(function);
        let wrap_signature = inputs.iter().chain(&results).any(|&t| is_wrap_type(t));
        if !wrap_signature && !callees.contains(&name) && !uses_wrap_ops(function) {
            continue;
        }
        for ty in inputs.iter().chain(&results) {
            if !types::crosses_abi(*ty) {
                return ir::fail(function, &format!("type {ty} cannot cross wrapc's native ABI"));
            }
        }
        selected.push(function);
    }
    Ok(selected)
}

/// Whether `ty` is the signless integer type of `bits` bits (`i64`).
fn is_signless(ty: Type, bits: u32) -> bool {
    IntegerType::try_from(ty).is_ok_and(|t| t.is_signless() && t.width() == bits)
}

/// What the lowering knows of the whole module: the functions given
/// wrapc's ABI, and the runtime functions and constants declared so far.
#[derive(Default)]
struct Declarations {
    /// The names of the functions given wrapc's ABI.
    converted: HashSet<String>,
    /// See [`arguments::forwarded_results`].
    forwarded: HashMap<String, Vec<Option<usize>>>,
    /// See [`arguments::null_safe_arguments`].
    null_safe: HashMap<String, Vec<bool>>,
    declared: HashSet<String>,
    strings: usize,
    /// Constant i64 arrays already emitted as globals, by content.
    arrays: HashMap<Vec<i64>, String>,
    /// The descriptor each kernel slot is launched with (see
    /// `FnLowering::slot_and_descriptor`).
    slot_descriptors: HashMap<String, String>,
}

/// The function being rebuilt with the ABI, one block at a time.
struct FnLowering<'c, 'a, 'd> {
    context: &'c Context,
    location: Location<'c>,
    module_body: BlockRef<'c, 'a>,
    region: RegionRef<'c, 'a>,
    block: BlockRef<'c, 'a>,
    /// Old SSA value → new one.
    values: HashMap<ValueId, Value<'c, 'a>>,
    /// Which old values the function owns and where each reference ends.
    ownership: ownership::Ownership,
    /// What a failure at the current point undoes: the references this
    /// function owns, the guards and the batch it is inside.
    unwind: unwind::Unwind<'c, 'a>,
    /// Subclass-typed arguments whose type the prologue already checked:
    /// a `wrap.subclass.check_type` of one needs no second call.
    type_checked: HashSet<ValueId>,
    /// This call's address of the thread's grad-mode flag, once fetched.
    grad_slot: Option<Value<'c, 'a>>,
    /// Stack slots live in the entry block (static allocas, which LLVM
    /// promotes and lays out once; an alloca elsewhere is a dynamic stack
    /// adjustment), inserted before `anchor`. Slots only live within the op
    /// that asked for them, so each op reuses the slots of the ones before
    /// it: the frame is as large as the most demanding op, not their sum.
    anchor: Option<OperationRef<'c, 'a>>,
    scratch: HashMap<(String, i64), Vec<Value<'c, 'a>>>,
    scratch_used: HashMap<(String, i64), usize>,
    entry_name: String,
    /// Interned per function ([`FnLowering::const_int`], [`FnLowering::ty`]).
    constants: RefCell<HashMap<String, HashMap<i64, Value<'c, 'a>>>>,
    types: RefCell<HashMap<String, Type<'c>>>,
    /// `index` values made from an i64 ([`FnLowering::to_index`]) → that
    /// i64: converting back costs nothing, and a cast nothing else uses is
    /// erased once the function is lowered.
    widened: RefCell<HashMap<ValueId, (Value<'c, 'a>, Value<'c, 'a>)>>,
    /// Launch trampolines' addresses, one per kernel per function.
    trampolines: HashMap<String, Value<'c, 'a>>,
    decls: &'d mut Declarations,
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// Lowering into `region`'s entry block (there already), which
    /// becomes function `name`'s body.
    fn new(
        context: &'c Context,
        location: Location<'c>,
        module_body: BlockRef<'c, 'a>,
        region: RegionRef<'c, 'a>,
        name: &str,
        ownership: ownership::Ownership,
        decls: &'d mut Declarations,
    ) -> Self {
        let mut lowering = FnLowering {
            context,
            location,
            module_body,
            region,
            block: region.first_block().expect("an entry block"),
            values: HashMap::new(),
            ownership,
            unwind: unwind::Unwind::default(),
            type_checked: HashSet::new(),
            grad_slot: None,
            anchor: None,
            scratch: HashMap::new(),
            scratch_used: HashMap::new(),
            entry_name: name.to_string(),
            constants: RefCell::default(),
            types: RefCell::default(),
            widened: RefCell::default(),
            trampolines: HashMap::new(),
            decls,
        };
        let anchor = lowering.const_int(0, "i64");
        lowering.anchor = melior::ir::operation::OperationResult::try_from(anchor).ok().map(|r| r.owner());
        lowering
    }
}

fn lower_function(module: OperationRef, old: OperationRef, decls: &mut Declarations) -> PassResult {
    let context = ir::context_of(old);
    let location = old.location();
    let name = name_of(old);
    let (inputs, results) = type_of(old);
    let module_body = module.region(0).unwrap().first_block().unwrap();
    let ptr = Type::parse(context, PTR).unwrap();
    let i64t = Type::parse(context, "i64").unwrap();
    let i32t = Type::parse(context, "i32").unwrap();
    let abi = FunctionType::new(context, &[ptr, i64t, ptr, i64t], &[i32t]);
    let old_body = old.region(0).ok().and_then(|r| r.first_block());
    let region = Region::new();
    if old_body.is_some() {
        region.append_block(Block::new(&[(ptr, location), (i64t, location), (ptr, location), (i64t, location)]));
    }
    let mut attributes = vec![];
    let private = is_private(old);
    if private || old_body.is_none() {
        attributes.push((
            melior::ir::Identifier::new(context, "sym_visibility"),
            StringAttribute::new(context, "private").into(),
        ));
    }
    if private && old_body.is_some() {
        // Not part of the library's interface: let LLVM inline and drop it.
        let internal = llvm::attributes::linkage(context, Linkage::Internal);
        attributes.push((melior::ir::Identifier::new(context, "llvm.linkage"), internal));
    }
    let new_fn = func::func(
        context,
        StringAttribute::new(context, &name),
        TypeAttribute::new(abi.into()),
        region,
        &attributes,
        location,
    );
    // The old function keeps its name until the new one is complete.
    let new_fn = module_body.insert_operation_before(old, new_fn);
    let renamed = StringAttribute::new(context, &format!("__wrapc_old_{name}"));
    ir::as_mut(old).set_attribute("sym_name", renamed.into());

    if let Some(old_body) = old_body {
        if old_body.next_in_region().is_some() {
            return ir::fail(old, "native entry points must have a single-block body (straight-line wrap IR)");
        }
        let returned = decls.forwarded.get(&name).cloned().unwrap_or_default();
        let ownership = ownership::Ownership::of(old_body, &returned, &decls.converted, &decls.forwarded)?;
        let new_region = new_fn.region(0).unwrap();
        let mut lowering = FnLowering::new(context, location, module_body, new_region, &name, ownership, decls);
        // Callers inside the module are checked statically; only public
        // entry points validate what C hands them.
        lowering.prologue(&inputs, results.len(), old_body, !private)?;
        let graph_attr = crate::transforms::lower_lazy_launch::GRAPH_ATTR;
        if old.attribute(graph_attr).is_ok() && ir::flat_symbol_attr(old, graph_attr).is_none() {
            return ir::fail(old, "wrap.cuda_graph must be a symbol reference to the function's graph slot");
        }
        if let Some(slot) = ir::flat_symbol_attr(old, graph_attr) {
            check_graph_slot(old, &slot)?;
            if !private {
                lowering.begin_graph(&slot);
            }
        }
        lowering.lower_block(old_body)?;
        lowering.erase_unused_casts();
    }
    ir::erase(old);
    Ok(())
}

/// A graph-mode function's `wrap.cuda_graph` must name what the runtime
/// writes through: a mutable `!llvm.array` of at least `GRAPH_SLOT_BYTES`
/// bytes (IR is input: a smaller global would be overrun at run time).
fn check_graph_slot(function: OperationRef, slot: &str) -> PassResult {
    let bytes = wrapc_abi::GRAPH_SLOT_BYTES;
    let Some(global) = ir::lookup_symbol(function, slot).and_then(|g| GlobalOp::new(g).ok()) else {
        return ir::fail(function, &format!("wrap.cuda_graph '@{slot}' does not name an llvm.mlir.global"));
    };
    // The C API has no element count of an LLVM array type: read from its
    // spelling.
    let ty = global.global_type().to_string();
    let size = ty
        .strip_prefix("!llvm.array<")
        .and_then(|rest| rest.strip_suffix(" x i8>"))
        .and_then(|n| n.trim().parse::<usize>().ok());
    if global.constant() || size.is_none_or(|n| n < bytes) {
        return ir::fail(
            function,
            &format!("wrap.cuda_graph '@{slot}' must be a mutable !llvm.array of at least {bytes} x i8, got {ty}"),
        );
    }
    Ok(())
}

/// The value of an `arith.constant` of i64 type.
fn constant_i64(value: Value) -> Option<i64> {
    let result = melior::ir::operation::OperationResult::try_from(value).ok()?;
    let constant = ConstantOp::new(result.owner()).ok()?;
    if is_signless(value.r#type(), 64) {
        ir::integer(constant.value())
    } else {
        None
    }
}
