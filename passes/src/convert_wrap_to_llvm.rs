//! `convert-wrap-to-llvm`: straight-line wrap IR → native entry points with
//! wrapc's C ABI, calling the runtime (`wrt_*`) for every op that is real
//! work. See Passes.td for the contract.

use std::collections::{HashMap, HashSet};

use melior::dialect::func;
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef};
use melior::ir::r#type::FunctionType;
use melior::ir::{Block, BlockRef, Location, Region, RegionLike, RegionRef, Type, Value, ValueLike};
use melior::Context;
use wrapc_dialects::{DeviceKind, KernelConfig, SubclassInfo, TensorTypeInfo, DYNAMIC};

use crate::ir::{self, Builder, PassResult, Reported};
use crate::Options;

/// The C-layout header every `wrt_tensor` starts with (`wrt_tensor_header`
/// in wrapc_runtime.h): dtype, device kind, rank, storage offset, sizes,
/// strides, a pointer to the shared version counter, the storage's base
/// address and the CUDA device ordinal.
const HEADER: &str = "!llvm.struct<(i32, i32, i64, i64, array<8 x i64>, array<8 x i64>, ptr, ptr, i32)>";
const HEADER_DTYPE: i32 = 0;
const HEADER_DEVICE: i32 = 1;
const HEADER_RANK: i32 = 2;
const HEADER_OFFSET: i32 = 3;
const HEADER_SIZES: i32 = 4;
const HEADER_STRIDES: i32 = 5;
const HEADER_VERSION: i32 = 6;
const HEADER_DATA: i32 = 7;
const HEADER_DEVICE_INDEX: i32 = 8;

/// `wrt_cuda_slot_entry` (runtime/src/cuda/slot.rs): function, launch,
/// stream, divisor[3], threads, shared bytes, failed; one per device ordinal.
const SLOT_ENTRY: &str = "!llvm.struct<(ptr, ptr, ptr, array<3 x i64>, i32, i32, i32)>";
const SLOT_ENTRY_BYTES: i64 = 64;
const MAX_DEVICES: i64 = 8;
/// CUDA's `gridDim` limits (x, y, z).
const GRID_LIMITS: [i64; 3] = [(1 << 31) - 1, 65535, 65535];
/// LLVM's `acquire` atomic ordering.
const ACQUIRE: &str = "4 : i64";
/// Ranks the header holds.
const MAX_RANK: usize = 8;

/// wrt_status codes the generated code itself returns.
const WRT_ERR_ARG: i64 = 6;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    reject_unlowered(module)?;
    let functions = entry_points(module)?;
    let names: HashSet<String> = functions.iter().filter_map(|f| ir::string_attr(*f, "sym_name")).collect();
    let mut decls = Declarations { forwarded: forwarded_results(&functions), ..Declarations::default() };
    for function in functions {
        lower_function(module, function, &names, &mut decls)?;
    }
    for kernel in ir::collect_ops(module, "wrap.kernel") {
        ir::erase(kernel);
    }
    Ok(())
}

/// Level-1 ops and generic level-2 ops need the specialization passes first.
fn reject_unlowered(module: OperationRef) -> PassResult {
    let needs = [
        ("wrap.runtime_wrapper", "wrap-orchestrate"),
        ("wrap.subclass_wrapper", "wrap-flatten-subclasses"),
        ("wrap.apply_mutation", "wrap-specialize-mutation-epilogue"),
        ("wrap.replay_alias", "wrap-inline-alias-replay"),
    ];
    for (name, pass) in needs {
        if let Some(op) = ir::collect_ops(module, name).first() {
            return ir::fail(*op, &format!("'{name}' must be lowered by {pass} before convert-wrap-to-llvm"));
        }
    }
    Ok(())
}

fn is_wrap_type(ty: Type) -> bool {
    TensorTypeInfo::from_type(ty).is_some() || SubclassInfo::from_type(ty).is_some()
}

/// Whether `function`'s body uses the wrap dialect.
fn uses_wrap_ops(function: OperationRef) -> bool {
    let mut found = false;
    for name in [
        "wrap.call_compiled",
        "wrap.grad_mode.get",
        "wrap.launch",
        "wrap.lazy_launch",
        "wrap.alloc",
        "wrap.empty_strided",
    ] {
        found |= !ir::collect_ops(function, name).is_empty();
    }
    found
}

/// The functions that get wrapc's ABI: every `func.func` with a wrap type
/// in its signature or wrap ops in its body, and every compiled graph a
/// wrapper calls. Subclass-typed ones are dropped with a warning.
fn entry_points<'c, 'a>(module: OperationRef<'c, 'a>) -> Result<Vec<OperationRef<'c, 'a>>, Reported> {
    let callees: HashSet<String> = ir::collect_ops(module, "wrap.call_compiled")
        .into_iter()
        .filter_map(|call| ir::flat_symbol_attr(call, "callee"))
        .collect();
    let mut selected = Vec::new();
    for function in ir::collect_ops(module, "func.func") {
        let Some((inputs, results)) = ir::function_type_attr(function, "function_type") else { continue };
        let name = ir::string_attr(function, "sym_name").unwrap_or_default();
        let wrap_signature = inputs.iter().chain(&results).any(|&t| is_wrap_type(t));
        if !wrap_signature && !callees.contains(&name) && !uses_wrap_ops(function) {
            continue;
        }
        if inputs.iter().chain(&results).any(|&t| SubclassInfo::from_type(t).is_some()) {
            ir::emit_warning(
                function,
                &format!("@{name} has tensor-subclass values in its signature and gets no native entry point; call its flattened callee"),
            );
            ir::erase(function);
            continue;
        }
        for ty in inputs.iter().chain(&results) {
            if !is_wrap_type(*ty) && !is_int(*ty) {
                return ir::fail(function, &format!("type {ty} cannot cross wrapc's native ABI"));
            }
        }
        selected.push(function);
    }
    Ok(selected)
}

fn is_int(ty: Type) -> bool {
    let text = ty.to_string();
    text == "index" || text == "i64" || text == "i32"
}

/// For each private function with a body: which results hand back one of
/// its own tensor arguments unchanged (the compiled graph returning a
/// mutated input, or the base of an alias). Within the module those results
/// cross the ABI as borrowed handles: the callee does not retain them and
/// the caller uses its own argument, so no retain/release pair runs per
/// call for them.
fn forwarded_results(functions: &[OperationRef]) -> HashMap<String, Vec<Option<usize>>> {
    let mut forwarded = HashMap::new();
    for &function in functions {
        let private = ir::string_attr(function, "sym_visibility").as_deref() == Some("private");
        let Some(body) = function.region(0).ok().and_then(|r| r.first_block()) else { continue };
        let Some(terminator) = body.terminator().filter(|t| t.name().as_string_ref().as_str() == Ok("func.return"))
        else {
            continue;
        };
        if !private {
            continue;
        }
        let results = terminator
            .operands()
            .map(|value| {
                let tensor = TensorTypeInfo::from_type(value.r#type()).is_some();
                ir::argument_number(value, body).filter(|_| tensor)
            })
            .collect();
        forwarded.insert(ir::string_attr(function, "sym_name").unwrap_or_default(), results);
    }
    forwarded
}

/// Runtime functions declared in the module so far.
#[derive(Default)]
struct Declarations {
    /// See [`forwarded_results`].
    forwarded: HashMap<String, Vec<Option<usize>>>,
    declared: HashSet<String>,
    strings: usize,
    /// Constant i64 arrays already emitted as globals, by content.
    arrays: HashMap<Vec<i64>, String>,
}

/// The runtime's signatures, in MLIR types. C `bool` travels as i8.
fn runtime_signature(name: &str) -> (&'static [&'static str], &'static [&'static str]) {
    const P: &str = "!llvm.ptr";
    match name {
        "wrt_grad_enabled" => (&[], &["i8"]),
        "wrt_set_grad_enabled" => (&["i8"], &[]),
        "wrt_set_error" => (&[P], &[]),
        "wrt_tensor_release" => (&[P], &[]),
        "wrt_tensor_retain" | "wrt_detach" => (&[P, P], &["i32"]),
        "wrt_bump_version" => (&[P], &["i32"]),
        "wrt_set_"
        | "wrt_copy_"
        | "wrt_detach_copy_"
        | "wrt_as_strided_like_"
        | "wrt_assert_finite"
        | "wrt_scalar_i64" => (&[P, P], &["i32"]),
        "wrt_set_requires_grad" => (&[P, "i8"], &["i32"]),
        "wrt_patch_requires_grad" => (&[P, P, "i8", P], &["i32"]),
        "wrt_view_dtype" => (&[P, "i32", P], &["i32"]),
        "wrt_mark_dynamic" => (&[P, "i64"], &["i32"]),
        "wrt_tensor_size" | "wrt_tensor_stride" => (&[P, "i64"], &["i64"]),
        "wrt_tensor_storage_offset" => (&[P], &["i64"]),
        "wrt_tensor_data_ptr" => (&[P], &[P]),
        "wrt_as_strided" => (&[P, "i64", P, P, "i64", P], &["i32"]),
        "wrt_assert_size_stride" => (&[P, "i64", P, P], &["i32"]),
        "wrt_empty_strided" => (&["i32", "i32", "i32", "i64", P, P, P], &["i32"]),
        "wrt_check_argument" => (&[P, P, "i64", "i32", "i32", "i64", P], &["i32"]),
        "wrt_scalar_from_i64" => (&["i64", P], &["i32"]),
        "wrt_launch_host" => (&[TRAMPOLINE_TYPE, "i64", "i64", "i64", P], &["i32"]),
        "wrt_cuda_launch_slow" => (&[P, P, "i32", P, P, "i64", P, "i32", "i32"], &["i32"]),
        "wrt_cuda_guard_enter" => (&["i32", P], &["i32"]),
        "wrt_cuda_guard_exit" => (&["i32", P], &["i32"]),
        other => unreachable!("no runtime signature for {other}"),
    }
}

fn dtype_code(element: Type) -> Option<i64> {
    Some(match element.to_string().as_str() {
        "f16" => 0,
        "bf16" => 1,
        "f32" => 2,
        "f64" => 3,
        "i8" => 4,
        "i32" => 5,
        "i64" => 6,
        "i1" => 7,
        _ => return None,
    })
}

/// The function being rebuilt with the ABI, one block at a time.
struct FnLowering<'c, 'a, 'd> {
    context: &'c Context,
    location: Location<'c>,
    module_body: BlockRef<'c, 'a>,
    region: RegionRef<'c, 'a>,
    block: BlockRef<'c, 'a>,
    /// Old SSA value → new one.
    values: HashMap<usize, Value<'c, 'a>>,
    /// New values holding a reference this function must release.
    owned: Vec<Value<'c, 'a>>,
    /// New values that are null pointers (`wrap.null`).
    nulls: HashSet<usize>,
    /// New values whose buffer was freed or handed to `wrap.reuse`.
    dead: HashSet<usize>,
    /// Open device guards (device, slot holding the context to restore):
    /// a failure inside one restores the thread's context before returning.
    guards: Vec<(Value<'c, 'a>, Value<'c, 'a>)>,
    /// Stack slots live in the entry block (static allocas, which LLVM
    /// promotes and lays out once; an alloca elsewhere is a dynamic stack
    /// adjustment), inserted before `anchor`. Slots only live within the op
    /// that asked for them, so each op reuses the slots of the ones before
    /// it: the frame is as large as the most demanding op, not their sum.
    anchor: Option<OperationRef<'c, 'a>>,
    scratch: HashMap<(String, i64), Vec<Value<'c, 'a>>>,
    scratch_used: HashMap<(String, i64), usize>,
    entry_name: String,
    converted: &'d HashSet<String>,
    decls: &'d mut Declarations,
}

fn key(value: Value) -> usize {
    value.to_raw().ptr as usize
}

fn lower_function(
    module: OperationRef,
    old: OperationRef,
    converted: &HashSet<String>,
    decls: &mut Declarations,
) -> PassResult {
    let context = ir::context_of(old);
    let location = old.location();
    let name = ir::string_attr(old, "sym_name").unwrap_or_default();
    let (inputs, results) = ir::function_type_attr(old, "function_type").expect("selected functions have types");
    let module_body = module.region(0).unwrap().first_block().unwrap();
    let ptr = Type::parse(context, "!llvm.ptr").unwrap();
    let i64t = Type::parse(context, "i64").unwrap();
    let i32t = Type::parse(context, "i32").unwrap();
    let abi = FunctionType::new(context, &[ptr, i64t, ptr, i64t], &[i32t]);
    let old_body = old.region(0).ok().and_then(|r| r.first_block());
    let region = Region::new();
    if old_body.is_some() {
        region.append_block(Block::new(&[(ptr, location), (i64t, location), (ptr, location), (i64t, location)]));
    }
    let mut attributes = vec![];
    let private = ir::string_attr(old, "sym_visibility").as_deref() == Some("private");
    if private || old_body.is_none() {
        attributes.push((
            melior::ir::Identifier::new(context, "sym_visibility"),
            StringAttribute::new(context, "private").into(),
        ));
    }
    if private && old_body.is_some() {
        // Not part of the library's interface: let LLVM inline and drop it.
        let internal = Builder::before(old).attr("#llvm.linkage<internal>");
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
    let renamed = Builder::before(old).attr(&format!("\"__wrapc_old_{name}\""));
    ir::as_mut(old).set_attribute("sym_name", renamed);

    if let Some(old_body) = old_body {
        if old_body.next_in_region().is_some() {
            return ir::fail(old, "native entry points must have a single-block body (straight-line wrap IR)");
        }
        let new_region = new_fn.region(0).unwrap();
        let entry = new_region.first_block().unwrap();
        let mut lowering = FnLowering {
            context,
            location,
            module_body,
            region: new_region,
            block: entry,
            values: HashMap::new(),
            owned: Vec::new(),
            nulls: HashSet::new(),
            dead: HashSet::new(),
            guards: Vec::new(),
            anchor: None,
            scratch: HashMap::new(),
            scratch_used: HashMap::new(),
            entry_name: name.clone(),
            converted,
            decls,
        };
        let anchor = lowering.const_int(0, "i64");
        lowering.anchor = melior::ir::operation::OperationResult::try_from(anchor).ok().map(|r| r.owner());
        // Callers inside the module are checked statically; only public
        // entry points validate what C hands them.
        lowering.prologue(&inputs, results.len(), old_body, !private)?;
        lowering.lower_block(old_body, &results)?;
    }
    ir::erase(old);
    Ok(())
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    fn b(&self) -> Builder<'c, 'a> {
        Builder::at_end(self.context, self.block, self.location)
    }

    fn ty(&self, text: &str) -> Type<'c> {
        Type::parse(self.context, text).expect("wrapc spells valid types")
    }

    fn arg(&self, i: usize) -> Value<'c, 'a> {
        self.region.first_block().unwrap().argument(i).unwrap().into()
    }

    fn const_int(&self, value: i64, ty: &str) -> Value<'c, 'a> {
        let b = self.b();
        b.value("arith.constant", &[], self.ty(ty), &[("value", b.attr(&format!("{value} : {ty}")))])
    }

    fn declare(&mut self, name: &str) {
        if !self.decls.declared.insert(name.to_string()) {
            return;
        }
        let (params, results) = runtime_signature(name);
        let params: Vec<Type> = params.iter().map(|t| self.ty(t)).collect();
        let results: Vec<Type> = results.iter().map(|t| self.ty(t)).collect();
        let declaration = func::func(
            self.context,
            StringAttribute::new(self.context, name),
            TypeAttribute::new(FunctionType::new(self.context, &params, &results).into()),
            Region::new(),
            &[(
                melior::ir::Identifier::new(self.context, "sym_visibility"),
                StringAttribute::new(self.context, "private").into(),
            )],
            self.location,
        );
        match self.module_body.first_operation() {
            Some(first) => self.module_body.insert_operation_before(first, declaration),
            None => self.module_body.append_operation(declaration),
        };
    }

    /// Calls runtime function `name`.
    fn call(&mut self, name: &str, args: &[Value<'c, 'a>]) -> Option<Value<'c, 'a>> {
        self.declare(name);
        let (_, results) = runtime_signature(name);
        let results: Vec<Type> = results.iter().map(|t| self.ty(t)).collect();
        let b = self.b();
        let call = b.create("func.call", args, &results, &[("callee", b.symbol_ref(name))]);
        // Checked first: melior's out-of-range error prints the operation,
        // which numbers every value of the function (quadratic overall).
        (call.result_count() > 0).then(|| call.result(0).expect("counted").into())
    }

    /// Calls `name` and returns from the function with its status if it
    /// failed, after releasing every reference owned so far.
    fn checked(&mut self, name: &str, args: &[Value<'c, 'a>]) {
        let status = self.call(name, args).expect("checked calls return a status");
        self.bail_if_failed(status);
    }

    fn bail_if_failed(&mut self, status: Value<'c, 'a>) {
        let zero = self.const_int(0, "i32");
        let b = self.b();
        let failed = b.value("arith.cmpi", &[status, zero], self.ty("i1"), &[("predicate", b.attr("1 : i64"))]);
        self.branch_to_failure(failed, status);
    }

    /// `if (cond) { release owned; return status; }` and continue after.
    fn branch_to_failure(&mut self, cond: Value<'c, 'a>, status: Value<'c, 'a>) {
        let fail = self.region.append_block(Block::new(&[]));
        let next = self.region.append_block(Block::new(&[]));
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[cond],
            &[fail, next],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 0]))],
        );
        self.block = fail;
        for value in self.owned.clone() {
            self.call("wrt_tensor_release", &[value]);
        }
        for (device, previous) in self.guards.clone().into_iter().rev() {
            let previous = self.load(previous, "!llvm.ptr");
            self.call("wrt_cuda_guard_exit", &[device, previous]);
        }
        self.b().create("func.return", &[status], &[], &[]);
        self.block = next;
    }

    /// A runtime call that hands back a new reference through its last
    /// (out-pointer) argument.
    fn new_ref(&mut self, name: &str, args: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let slot = self.alloca("!llvm.ptr", 1);
        let mut all = args.to_vec();
        all.push(slot);
        self.checked(name, &all);
        let value = self.load(slot, "!llvm.ptr");
        self.owned.push(value);
        value
    }

    /// A stack slot of `count` `element`s for the op being lowered (see
    /// `scratch`).
    fn alloca(&mut self, element: &str, count: i64) -> Value<'c, 'a> {
        let k = (element.to_string(), count);
        let used = self.scratch_used.entry(k.clone()).or_insert(0);
        let ordinal = *used;
        *used += 1;
        if let Some(&slot) = self.scratch.get(&k).and_then(|slots| slots.get(ordinal)) {
            return slot;
        }
        let slot = self.entry_alloca(element, count);
        self.scratch.entry(k).or_default().push(slot);
        slot
    }

    /// A fresh entry-block slot no other op reuses.
    fn entry_alloca(&self, element: &str, count: i64) -> Value<'c, 'a> {
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let i64t = self.ty("i64");
        let n = b.value("arith.constant", &[], i64t, &[("value", b.attr(&format!("{count} : i64")))]);
        b.value("llvm.alloca", &[n], self.ty("!llvm.ptr"), &[("elem_type", b.attr(element))])
    }

    fn gep(&self, base: Value<'c, 'a>, element: &str, index: i64) -> Value<'c, 'a> {
        let b = self.b();
        b.value(
            "llvm.getelementptr",
            &[base],
            self.ty("!llvm.ptr"),
            &[("rawConstantIndices", b.dense_i32(&[index as i32])), ("elem_type", b.attr(element))],
        )
    }

    /// Loads header field `path` (struct indices) of tensor `handle`.
    fn header_field(&self, handle: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(handle, HEADER, path, ty)
    }

    /// Loads field `path` (struct indices) of the `layout` struct at `base`.
    fn struct_field(&self, base: Value<'c, 'a>, layout: &str, path: &[i32], ty: &str) -> Value<'c, 'a> {
        let b = self.b();
        let mut indices = vec![0];
        indices.extend_from_slice(path);
        let address = b.value(
            "llvm.getelementptr",
            &[base],
            self.ty("!llvm.ptr"),
            &[("rawConstantIndices", b.dense_i32(&indices)), ("elem_type", b.attr(layout))],
        );
        self.load(address, ty)
    }

    fn cmp_eq(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let b = self.b();
        b.value("arith.cmpi", &[lhs, rhs], self.ty("i1"), &[("predicate", b.attr("0 : i64"))])
    }

    fn and(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.b().value("arith.andi", &[lhs, rhs], self.ty("i1"), &[])
    }

    fn branch(&self, cond: Value<'c, 'a>, then: BlockRef<'c, 'a>, otherwise: BlockRef<'c, 'a>) {
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[cond],
            &[then, otherwise],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 0]))],
        );
    }

    fn jump(&self, to: BlockRef<'c, 'a>) {
        self.b().create_with_successors("cf.br", &[], &[to], &[]);
    }

    /// Checks an argument against its static type with inline loads of the
    /// header; only a mismatch (or null) calls the runtime, which says what
    /// is wrong.
    fn check_argument(&mut self, handle: Value<'c, 'a>, info: &TensorTypeInfo<'c>, index: usize, entry: Value<'c, 'a>) {
        let (fast, slow, next) = (
            self.region.append_block(Block::new(&[])),
            self.region.append_block(Block::new(&[])),
            self.region.append_block(Block::new(&[])),
        );
        let address = self.b().value("llvm.ptrtoint", &[handle], self.ty("i64"), &[]);
        let zero = self.const_int(0, "i64");
        let null = self.cmp_eq(address, zero);
        self.branch(null, slow, fast);

        self.block = fast;
        let dtype_code = dtype_code(info.element_type).unwrap_or(-1);
        let dtype = self.header_field(handle, &[HEADER_DTYPE], "i32");
        let want_dtype = self.const_int(dtype_code, "i32");
        let mut ok = self.cmp_eq(dtype, want_dtype);
        let device = self.header_field(handle, &[HEADER_DEVICE], "i32");
        let want_device = self.const_int(i64::from(info.device == DeviceKind::Cuda), "i32");
        ok = {
            let same = self.cmp_eq(device, want_device);
            self.and(ok, same)
        };
        let rank = self.header_field(handle, &[HEADER_RANK], "i64");
        let want_rank = self.const_int(info.rank() as i64, "i64");
        ok = {
            let same = self.cmp_eq(rank, want_rank);
            self.and(ok, same)
        };
        for (d, &size) in info.shape.iter().enumerate().filter(|(_, &s)| s != DYNAMIC) {
            let have = self.header_field(handle, &[HEADER_SIZES, d as i32], "i64");
            let want = self.const_int(size, "i64");
            ok = {
                let same = self.cmp_eq(have, want);
                self.and(ok, same)
            };
        }
        self.branch(ok, next, slow);

        self.block = slow;
        let sizes: Vec<Value> =
            info.shape.iter().map(|&d| self.const_int(if d == DYNAMIC { -1 } else { d }, "i64")).collect();
        let sizes = self.i64_array(&sizes);
        let index = self.const_int(index as i64, "i64");
        let dtype = self.const_int(dtype_code, "i32");
        let device = self.const_int(i64::from(info.device == DeviceKind::Cuda), "i32");
        let rank = self.const_int(info.rank() as i64, "i64");
        self.checked("wrt_check_argument", &[handle, entry, index, dtype, device, rank, sizes]);
        self.jump(next);
        self.block = next;
    }

    fn load(&self, address: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.b().value("llvm.load", &[address], self.ty(ty), &[])
    }

    fn store(&self, value: Value<'c, 'a>, address: Value<'c, 'a>) {
        self.b().create("llvm.store", &[value, address], &[], &[]);
    }

    /// A stack array of i64 holding `values`.
    /// A pointer to `values` as i64s: a constant global when every value is
    /// known at compile time (nothing to store per call), else a stack array.
    fn i64_array(&mut self, values: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let constants: Option<Vec<i64>> = values.iter().map(|&v| constant_i64(v)).collect();
        if let Some(constants) = constants.filter(|c| !c.is_empty()) {
            return self.constant_array(constants);
        }
        let array = self.alloca("i64", values.len().max(1) as i64);
        for (k, &v) in values.iter().enumerate() {
            let slot = self.gep(array, "i64", k as i64);
            self.store(v, slot);
        }
        array
    }

    fn constant_array(&mut self, values: Vec<i64>) -> Value<'c, 'a> {
        let name = match self.decls.arrays.get(&values) {
            Some(name) => name.clone(),
            None => {
                let name = format!("__wrapc_dims_{}", self.decls.arrays.len());
                let list: Vec<String> = values.iter().map(i64::to_string).collect();
                let source = format!(
                    "llvm.mlir.global internal constant @{name}(dense<[{}]> : tensor<{}xi64>) {{addr_space = 0 : i32}} : !llvm.array<{} x i64>",
                    list.join(", "),
                    values.len(),
                    values.len()
                );
                let parsed = ir::insert_parsed(self.context, &source, self.module_body, None);
                assert!(parsed, "wrapc spells valid globals: {source}");
                self.decls.arrays.insert(values, name.clone());
                name
            }
        };
        let b = self.b();
        b.value("llvm.mlir.addressof", &[], self.ty("!llvm.ptr"), &[("global_name", b.symbol_ref(&name))])
    }

    fn to_i64(&self, index: Value<'c, 'a>) -> Value<'c, 'a> {
        if index.r#type().to_string() == "i64" {
            return index;
        }
        self.b().value("arith.index_cast", &[index], self.ty("i64"), &[])
    }

    fn to_index(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        self.b().value("arith.index_cast", &[value], self.ty("index"), &[])
    }

    fn bool_to_i8(&self, flag: Value<'c, 'a>) -> Value<'c, 'a> {
        self.b().value("arith.extui", &[flag], self.ty("i8"), &[])
    }

    /// A NUL-terminated string constant in the module, by address.
    fn c_string(&mut self, text: &str) -> Value<'c, 'a> {
        let name = format!("__wrapc_str_{}", self.decls.strings);
        self.decls.strings += 1;
        let bytes: Vec<u8> = text.bytes().chain(std::iter::once(0)).collect();
        let source = format!(
            "llvm.mlir.global internal constant @{name}({}) {{addr_space = 0 : i32}}",
            ir::string_literal(&bytes)
        );
        let parsed = ir::insert_parsed(self.context, &source, self.module_body, None);
        assert!(parsed, "wrapc spells valid globals: {source}");
        let b = self.b();
        b.value("llvm.mlir.addressof", &[], self.ty("!llvm.ptr"), &[("global_name", b.symbol_ref(&name))])
    }

    fn get(&self, op: OperationRef<'c, '_>, old: Value) -> Result<Value<'c, 'a>, Reported> {
        match self.values.get(&key(old)) {
            Some(v) => Ok(*v),
            None => ir::fail(op, "operand defined outside the function being lowered"),
        }
    }

    fn bind(&mut self, old: Value, new: Value<'c, 'a>) {
        self.values.insert(key(old), new);
    }

    /// Checks the argument counts, then loads and validates every argument.
    fn prologue(
        &mut self,
        inputs: &[Type<'c>],
        num_results: usize,
        old_body: BlockRef<'c, '_>,
        check: bool,
    ) -> PassResult {
        let (n_in, n_out) = (self.arg(1), self.arg(3));
        let want_in = self.const_int(inputs.len() as i64, "i64");
        let want_out = self.const_int(num_results as i64, "i64");
        let b = self.b();
        let pred_ne = b.attr("1 : i64");
        let bad_in = b.value("arith.cmpi", &[n_in, want_in], self.ty("i1"), &[("predicate", pred_ne)]);
        let bad_out = b.value("arith.cmpi", &[n_out, want_out], self.ty("i1"), &[("predicate", pred_ne)]);
        let bad = b.value("arith.ori", &[bad_in, bad_out], self.ty("i1"), &[]);
        let message = self.c_string(&format!(
            "{}: expected {} inputs and {} outputs",
            self.entry_name,
            inputs.len(),
            num_results
        ));
        // The message is set only on the failure path.
        let fail = self.region.append_block(Block::new(&[]));
        let next = self.region.append_block(Block::new(&[]));
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[bad],
            &[fail, next],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 0]))],
        );
        self.block = fail;
        self.call("wrt_set_error", &[message]);
        let code = self.const_int(WRT_ERR_ARG, "i32");
        self.b().create("func.return", &[code], &[], &[]);
        self.block = next;

        let entry = self.c_string(&self.entry_name.clone());
        for (i, &ty) in inputs.iter().enumerate() {
            let slot = self.gep(self.arg(0), "!llvm.ptr", i as i64);
            let handle = self.load(slot, "!llvm.ptr");
            let old_arg: Value = old_body.argument(i).unwrap().into();
            let value = match TensorTypeInfo::from_type(ty) {
                Some(_) if !check => handle,
                Some(info) => {
                    if info.rank() > MAX_RANK {
                        return ir::fail(
                            old_body.parent_operation().expect("in a function"),
                            &format!("argument #{i} has rank {}, more than the runtime's {MAX_RANK}", info.rank()),
                        );
                    }
                    self.check_argument(handle, &info, i, entry);
                    handle
                }
                None => self.unbox_int(handle, ty),
            };
            self.bind(old_arg, value);
        }
        Ok(())
    }

    fn unbox_int(&mut self, handle: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
        let slot = self.alloca("i64", 1);
        self.checked("wrt_scalar_i64", &[handle, slot]);
        let value = self.load(slot, "i64");
        match ty.to_string().as_str() {
            "index" => self.to_index(value),
            "i64" => value,
            other => self.b().value("arith.trunci", &[value], self.ty(other), &[]),
        }
    }

    fn box_int(&mut self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        let wide = match value.r#type().to_string().as_str() {
            "index" => self.to_i64(value),
            "i64" => value,
            _ => self.b().value("arith.extsi", &[value], self.ty("i64"), &[]),
        };
        self.new_ref("wrt_scalar_from_i64", &[wide])
    }

    fn lower_block(&mut self, body: BlockRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        let mut next = body.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.lower_op(op, results)?;
        }
        Ok(())
    }

    fn operands(&self, op: OperationRef<'c, '_>) -> Result<Vec<Value<'c, 'a>>, Reported> {
        (0..op.operand_count()).map(|i| self.get(op, op.operand(i).unwrap())).collect()
    }

    fn result(&mut self, op: OperationRef<'c, '_>, value: Value<'c, 'a>) {
        self.bind(op.result(0).unwrap().into(), value);
    }

    fn lower_op(&mut self, op: OperationRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        self.scratch_used.clear();
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        let operands = self.operands(op)?;
        if operands.iter().any(|v| self.dead.contains(&key(*v))) {
            return ir::fail(op, "uses a tensor after its buffer was freed or reused");
        }
        match name.as_str() {
            "func.return" => self.lower_return(op, &operands, results)?,
            "wrap.grad_mode.get" => {
                let flag = self.call("wrt_grad_enabled", &[]).unwrap();
                let bit = self.b().value("arith.trunci", &[flag], self.ty("i1"), &[]);
                self.result(op, bit);
            }
            "wrap.grad_mode.set" => {
                let flag = self.bool_to_i8(operands[0]);
                self.call("wrt_set_grad_enabled", &[flag]);
            }
            "wrap.bump_version" => {
                // An atomic add on the shared counter the header points at.
                let counter = self.header_field(operands[0], &[HEADER_VERSION], "!llvm.ptr");
                let one = self.const_int(1, "i64");
                let b = self.b();
                b.value(
                    "llvm.atomicrmw",
                    &[counter, one],
                    self.ty("i64"),
                    &[("bin_op", b.attr("1 : i64")), ("ordering", b.attr("7 : i64"))],
                );
            }
            "wrap.set_storage" => self.checked("wrt_set_", &operands),
            "wrap.copy_inplace" => self.checked("wrt_copy_", &operands),
            "wrap.detach_copy_inplace" => self.checked("wrt_detach_copy_", &operands),
            "wrap.as_strided_inplace" => self.checked("wrt_as_strided_like_", &operands),
            "wrap.detach" => {
                let value = self.new_ref("wrt_detach", &operands);
                self.result(op, value);
            }
            "wrap.set_requires_grad" => {
                let flag = ir::bool_attr(op, "requires_grad").unwrap_or(false);
                let flag = self.const_int(i64::from(flag), "i8");
                self.checked("wrt_set_requires_grad", &[operands[0], flag]);
            }
            "wrap.patch_requires_grad" => {
                let target = ir::bool_attr(op, "requires_grad").unwrap_or(false);
                let target = self.const_int(i64::from(target), "i8");
                let value = self.new_ref("wrt_patch_requires_grad", &[operands[0], operands[1], target]);
                self.result(op, value);
            }
            "wrap.as_strided" | "wrap.reinterpret" => {
                let value = self.lower_strided_view(op, &operands)?;
                self.result(op, value);
            }
            "wrap.view_dtype" => {
                let element = TensorTypeInfo::from_type(op.result(0).unwrap().r#type()).unwrap().element_type;
                let code = self.const_int(dtype_code(element).unwrap_or(-1), "i32");
                let value = self.new_ref("wrt_view_dtype", &[operands[0], code]);
                self.result(op, value);
            }
            "wrap.tensor.size" | "wrap.tensor.stride" => {
                // Inline loads from the header (the verifier bounds `dim`).
                let dim = ir::int_attr(op, "dim").unwrap_or(0) as i32;
                let field = if name.ends_with("size") { HEADER_SIZES } else { HEADER_STRIDES };
                let value = self.header_field(operands[0], &[field, dim], "i64");
                let index = self.to_index(value);
                self.result(op, index);
            }
            "wrap.tensor.offset" => {
                let value = self.header_field(operands[0], &[HEADER_OFFSET], "i64");
                let index = self.to_index(value);
                self.result(op, index);
            }
            "wrap.mark_dynamic" => {
                for dim in ir::dense_i64_attr(op, "dims") {
                    let dim = self.const_int(dim, "i64");
                    self.checked("wrt_mark_dynamic", &[operands[0], dim]);
                }
            }
            "wrap.null" => {
                let null = self.b().value("llvm.mlir.zero", &[], self.ty("!llvm.ptr"), &[]);
                self.nulls.insert(key(null));
                self.result(op, null);
            }
            "wrap.call_compiled" | "func.call" => self.lower_call(op, &operands)?,
            "wrap.alloc" => {
                let value = self.lower_alloc(op, &operands)?;
                self.result(op, value);
            }
            "wrap.empty_strided" => {
                let value = self.lower_empty_strided(op, &operands)?;
                self.result(op, value);
            }
            "wrap.free" => {
                let Some(position) = self.owned.iter().position(|v| *v == operands[0]) else {
                    return ir::fail(
                        op,
                        "wrap.free of a tensor this function does not own (an argument, or freed twice)",
                    );
                };
                let value = self.owned.remove(position);
                self.call("wrt_tensor_release", &[value]);
                self.dead.insert(key(value));
            }
            "wrap.reuse" => {
                let value = self.lower_reuse(op, &operands)?;
                self.result(op, value);
            }
            "wrap.assert_finite" => {
                let label = ir::string_attr(op, "name").unwrap_or_default();
                let label = self.c_string(&label);
                self.checked("wrt_assert_finite", &[operands[0], label]);
            }
            "wrap.assert_size_stride" => {
                let rank = TensorTypeInfo::from_type(op.operand(0).unwrap().r#type()).unwrap().rank();
                let (sizes, strides, _) = self.mixed_lists(op, &operands[1..], false);
                let rank = self.const_int(rank as i64, "i64");
                let (sizes, strides) = (self.i64_array(&sizes), self.i64_array(&strides));
                self.checked("wrt_assert_size_stride", &[operands[0], rank, sizes, strides]);
            }
            "wrap.device_guard" => self.lower_device_guard(op, results)?,
            "wrap.launch" => self.lower_launch(op, &operands)?,
            "wrap.lazy_launch" => self.lower_lazy_launch(op, &operands)?,
            other if other.starts_with("arith.") || other.starts_with("index.") => self.clone_op(op, &operands),
            other if other.starts_with("wrap.subclass.") => {
                return ir::fail(op, "tensor-subclass values cannot cross wrapc's native ABI; flatten them first");
            }
            other => return ir::fail(op, &format!("convert-wrap-to-llvm does not lower '{other}'")),
        }
        Ok(())
    }

    fn clone_op(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) {
        let copy = self.block.append_operation(clone_operation(op));
        let mut copy_mut = ir::as_mut(copy);
        for (i, v) in operands.iter().enumerate() {
            copy_mut.set_operand(i, *v);
        }
        for i in 0..op.result_count() {
            self.bind(op.result(i).unwrap().into(), copy.result(i).unwrap().into());
        }
    }

    /// Static entries become constants, `?` entries the next dynamic operand.
    fn mixed_lists(
        &self,
        op: OperationRef,
        dynamic: &[Value<'c, 'a>],
        with_offset: bool,
    ) -> (Vec<Value<'c, 'a>>, Vec<Value<'c, 'a>>, Value<'c, 'a>) {
        let mut next = dynamic.iter();
        let mut fill =
            |statics: Vec<i64>| -> Vec<Value<'c, 'a>> {
                statics
                    .into_iter()
                    .map(|v| {
                        if v == DYNAMIC {
                            self.to_i64(*next.next().expect("verified"))
                        } else {
                            self.const_int(v, "i64")
                        }
                    })
                    .collect()
            };
        let sizes = fill(ir::dense_i64_attr(op, "static_sizes"));
        let strides = fill(ir::dense_i64_attr(op, "static_strides"));
        let offset = if with_offset {
            fill(vec![ir::int_attr(op, "static_offset").unwrap_or(0)]).remove(0)
        } else {
            self.const_int(0, "i64")
        };
        (sizes, strides, offset)
    }

    fn lower_strided_view(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
        let (sizes, strides, offset) = self.mixed_lists(op, &operands[1..], true);
        let rank = self.const_int(sizes.len() as i64, "i64");
        let (sizes, strides) = (self.i64_array(&sizes), self.i64_array(&strides));
        Ok(self.new_ref("wrt_as_strided", &[operands[0], rank, sizes, strides, offset]))
    }

    fn result_tensor_type(&self, op: OperationRef<'c, '_>) -> TensorTypeInfo<'c> {
        TensorTypeInfo::from_type(op.result(0).unwrap().r#type()).expect("verified tensor result")
    }

    fn empty_strided(
        &mut self,
        info: &TensorTypeInfo<'c>,
        sizes: &[Value<'c, 'a>],
        strides: &[Value<'c, 'a>],
    ) -> Value<'c, 'a> {
        let dtype = self.const_int(dtype_code(info.element_type).unwrap_or(-1), "i32");
        let device = self.const_int(i64::from(info.device == DeviceKind::Cuda), "i32");
        let index = self.const_int(0, "i32");
        let rank = self.const_int(sizes.len() as i64, "i64");
        let (sizes, strides) = (self.i64_array(sizes), self.i64_array(strides));
        self.new_ref("wrt_empty_strided", &[dtype, device, index, rank, sizes, strides])
    }

    fn lower_alloc(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> Result<Value<'c, 'a>, Reported> {
        let info = self.result_tensor_type(op);
        let mut dynamic = operands.iter();
        let sizes: Vec<Value> =
            info.shape
                .iter()
                .map(|&d| {
                    if d == DYNAMIC {
                        self.to_i64(*dynamic.next().expect("verified"))
                    } else {
                        self.const_int(d, "i64")
                    }
                })
                .collect();
        let strides = self.contiguous_strides(&sizes);
        Ok(self.empty_strided(&info, &sizes, &strides))
    }

    /// Row-major strides, computed at run time where sizes are dynamic.
    fn contiguous_strides(&self, sizes: &[Value<'c, 'a>]) -> Vec<Value<'c, 'a>> {
        let mut strides = vec![self.const_int(1, "i64"); sizes.len()];
        for k in (0..sizes.len().saturating_sub(1)).rev() {
            strides[k] = self.b().value("arith.muli", &[strides[k + 1], sizes[k + 1]], self.ty("i64"), &[]);
        }
        strides
    }

    fn lower_empty_strided(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
        let info = self.result_tensor_type(op);
        let (sizes, strides, _) = self.mixed_lists(op, operands, false);
        Ok(self.empty_strided(&info, &sizes, &strides))
    }

    fn lower_reuse(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> Result<Value<'c, 'a>, Reported> {
        let info = self.result_tensor_type(op);
        let source = TensorTypeInfo::from_type(op.operand(0).unwrap().r#type()).unwrap();
        if source.element_type != info.element_type {
            return ir::fail(op, "reusing a buffer for another dtype is not supported by the native lowering");
        }
        if info.shape.contains(&DYNAMIC) {
            return ir::fail(op, "wrap.reuse needs a static result shape in the native lowering");
        }
        let sizes: Vec<Value> = info.shape.iter().map(|&d| self.const_int(d, "i64")).collect();
        let strides = self.contiguous_strides(&sizes);
        let rank = self.const_int(sizes.len() as i64, "i64");
        let offset = self.const_int(0, "i64");
        let (sizes, strides) = (self.i64_array(&sizes), self.i64_array(&strides));
        let value = self.new_ref("wrt_as_strided", &[operands[0], rank, sizes, strides, offset]);
        // The source buffer is dead from here on: drop this function's reference.
        self.dead.insert(key(operands[0]));
        if let Some(position) = self.owned.iter().position(|v| *v == operands[0]) {
            let source = self.owned.remove(position);
            self.call("wrt_tensor_release", &[source]);
        }
        Ok(value)
    }

    /// A call of another function with wrapc's ABI.
    fn lower_call(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let callee = ir::flat_symbol_attr(op, "callee").unwrap_or_default();
        if !self.converted.contains(&callee) {
            self.clone_op(op, operands);
            return Ok(());
        }
        let args = self.alloca("!llvm.ptr", operands.len().max(1) as i64);
        let mut boxed = Vec::new();
        for (k, &value) in operands.iter().enumerate() {
            let handle = if is_int(value.r#type()) {
                let b = self.box_int(value);
                boxed.push(b);
                b
            } else {
                value
            };
            let slot = self.gep(args, "!llvm.ptr", k as i64);
            self.store(handle, slot);
        }
        let forwarded = self.decls.forwarded.get(&callee).cloned().unwrap_or_default();
        let results = self.alloca("!llvm.ptr", op.result_count().max(1) as i64);
        let n_args = self.const_int(operands.len() as i64, "i64");
        let n_results = self.const_int(op.result_count() as i64, "i64");
        let b = self.b();
        let call = b.create(
            "func.call",
            &[args, n_args, results, n_results],
            &[self.ty("i32")],
            &[("callee", b.symbol_ref(&callee))],
        );
        let status: Value = call.result(0).unwrap().into();
        for value in boxed {
            self.owned.retain(|v| *v != value);
            self.call("wrt_tensor_release", &[value]);
        }
        self.bail_if_failed(status);
        for i in 0..op.result_count() {
            if let Some(&Some(argument)) = forwarded.get(i) {
                // The callee handed back our own argument, borrowed.
                self.bind(op.result(i).unwrap().into(), operands[argument]);
                continue;
            }
            let slot = self.gep(results, "!llvm.ptr", i as i64);
            let handle = self.load(slot, "!llvm.ptr");
            let old: Value = op.result(i).unwrap().into();
            let value = if is_int(old.r#type()) {
                self.owned.push(handle);
                let v = self.unbox_int(handle, old.r#type());
                self.owned.retain(|o| *o != handle);
                self.call("wrt_tensor_release", &[handle]);
                v
            } else {
                self.owned.push(handle);
                handle
            };
            self.bind(old, value);
        }
        Ok(())
    }

    /// Stores the results as owned references, releases the rest, returns 0.
    fn lower_return(&mut self, _op: OperationRef, operands: &[Value<'c, 'a>], _results: &[Type<'c>]) -> PassResult {
        let out = self.arg(2);
        let mut transferred: Vec<Value> = Vec::new();
        let forwarded = self.decls.forwarded.get(&self.entry_name).cloned().unwrap_or_default();
        for (j, &value) in operands.iter().enumerate() {
            let handle = if matches!(forwarded.get(j), Some(Some(_))) {
                // One of our own arguments: the in-module caller borrows it.
                value
            } else if is_int(value.r#type()) {
                let boxed = self.box_int(value);
                transferred.push(boxed);
                boxed
            } else if self.nulls.contains(&key(value)) {
                value
            } else if self.owned.contains(&value) && !transferred.contains(&value) {
                transferred.push(value);
                value
            } else {
                let retained = self.new_ref("wrt_tensor_retain", &[value]);
                transferred.push(retained);
                retained
            };
            let slot = self.gep(out, "!llvm.ptr", j as i64);
            self.store(handle, slot);
        }
        for value in self.owned.clone() {
            if !transferred.contains(&value) {
                self.call("wrt_tensor_release", &[value]);
            }
        }
        let ok = self.const_int(0, "i32");
        self.b().create("func.return", &[ok], &[], &[]);
        Ok(())
    }

    /// Host launch: `wrt_launch_host` runs the kernel's trampoline for every
    /// program id (in parallel for large grids); the argument array holds
    /// tensor data pointers and pointers to the scalars.
    fn lower_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let kernel_name = ir::flat_symbol_attr(op, "kernel").unwrap_or_default();
        let kernel = ir::lookup_symbol(op, &kernel_name).expect("verified kernel");
        let Some(host) = ir::flat_symbol_attr(kernel, "host") else {
            return ir::fail(
                op,
                &format!("kernel '{kernel_name}' has no host payload; the host backend cannot launch it"),
            );
        };
        let on_gpu =
            op.operands().any(|v| TensorTypeInfo::from_type(v.r#type()).is_some_and(|t| t.device == DeviceKind::Cuda));
        if on_gpu {
            return ir::fail(
                op,
                &format!("kernel '{kernel_name}' is launched on CUDA tensors: run wrap-lower-lazy-launch first (wrapc compile --target=cuda)"),
            );
        }
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        // Host kernels are written for the first config's block.
        let grid: Vec<Value> = if numel_rank == 0 {
            extents.to_vec()
        } else {
            let first = ir::array_attr(kernel, "configs").first().and_then(|c| KernelConfig::from_attribute(*c));
            let block = first.map(|c| c.block).unwrap_or_default();
            extents
                .iter()
                .enumerate()
                .map(|(d, &n)| {
                    let divisor = self.b().value(
                        "arith.constant",
                        &[],
                        self.ty("index"),
                        &[("value", self.b().attr(&format!("{} : index", block.get(d).copied().unwrap_or(1).max(1))))],
                    );
                    self.b().value("arith.ceildivui", &[n, divisor], self.ty("index"), &[])
                })
                .collect()
        };
        // The kernel's own signature says which arguments are tensors (the
        // lowered values are all pointers by now).
        let (arg_types, _) = ir::function_type_attr(kernel, "function_type").expect("verified kernel");
        let trampoline = self.trampoline(&kernel_name, &host, &arg_types);
        let array = self.alloca("!llvm.ptr", args.len().max(1) as i64);
        for (k, (&arg, &ty)) in args.iter().zip(&arg_types).enumerate() {
            let pointer = if let Some(info) = TensorTypeInfo::from_type(ty) {
                self.data_address(arg, &info)
            } else {
                let scalar = if arg.r#type().to_string() == "index" { self.to_i64(arg) } else { arg };
                let slot = self.alloca(&scalar.r#type().to_string(), 1);
                self.store(scalar, slot);
                slot
            };
            let entry = self.gep(array, "!llvm.ptr", k as i64);
            self.store(pointer, entry);
        }
        let extents: Vec<Value> =
            (0..3).map(|d| grid.get(d).map(|&g| self.to_i64(g)).unwrap_or_else(|| self.const_int(1, "i64"))).collect();
        let b = self.b();
        let function = b.value("func.constant", &[], self.ty(TRAMPOLINE_TYPE), &[("value", b.symbol_ref(&trampoline))]);
        self.checked("wrt_launch_host", &[function, extents[0], extents[1], extents[2], array]);
        Ok(())
    }

    /// A device guard around GPU work: the device's context is made current
    /// (only if it is not already) and the thread's previous one restored
    /// after the body. Host code runs on one device: there the guard only
    /// scopes its body.
    fn lower_device_guard(&mut self, op: OperationRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        let Some(body) = op.region(0).ok().and_then(|r| r.first_block()) else { return Ok(()) };
        if ir::collect_ops(op, "wrap.lazy_launch").is_empty() {
            return self.lower_block(body, results);
        }
        let device = self.const_int(ir::int_attr(op, "device").unwrap_or(0), "i32");
        // Lives across the guard's body, whose ops reuse the scratch slots.
        let previous = self.entry_alloca("!llvm.ptr", 1);
        self.checked("wrt_cuda_guard_enter", &[device, previous]);
        self.guards.push((device, previous));
        self.lower_block(body, results)?;
        self.guards.pop();
        let restore = self.load(previous, "!llvm.ptr");
        self.checked("wrt_cuda_guard_exit", &[device, restore]);
        Ok(())
    }

    /// The address of element 0 of a tensor, from its header: the storage's
    /// base plus the offset in bytes.
    fn data_address(&self, handle: Value<'c, 'a>, info: &TensorTypeInfo<'c>) -> Value<'c, 'a> {
        let base = self.header_field(handle, &[HEADER_DATA], "!llvm.ptr");
        let offset = self.header_field(handle, &[HEADER_OFFSET], "i64");
        let element_type = info.element_type.to_string();
        let b = self.b();
        b.value(
            "llvm.getelementptr",
            &[base, offset],
            self.ty("!llvm.ptr"),
            &[("rawConstantIndices", b.dense_i32(&[i32::MIN])), ("elem_type", b.attr(&element_type))],
        )
    }

    /// Loads field `path` of the slot entry at `entry`.
    fn entry_field(&self, entry: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(entry, SLOT_ENTRY, path, ty)
    }

    /// GPU launch through the kernel's slot (made by wrap-lower-lazy-launch):
    /// the entry of the first tensor's device; when it is published, the
    /// grid inline and one `cuLaunchKernel` through the cached pointer;
    /// otherwise, or when that launch fails, the runtime's slow path.
    fn lower_lazy_launch(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let (grid_rank, numel_rank) = (dense_segment(op, 0), dense_segment(op, 1));
        let (extents, args) = operands.split_at(grid_rank + numel_rank);
        let arg_types: Vec<Type<'c>> = op.operands().skip(extents.len()).map(|v| v.r#type()).collect();
        let ptr = "!llvm.ptr";
        let params = self.alloca(ptr, args.len().max(1) as i64);
        let tensors = self.alloca(ptr, args.len().max(1) as i64);
        let null = self.b().value("llvm.mlir.zero", &[], self.ty(ptr), &[]);
        let mut first_tensor = None;
        for (k, (&arg, &ty)) in args.iter().zip(&arg_types).enumerate() {
            let (value, handle) = match TensorTypeInfo::from_type(ty) {
                Some(info) => {
                    first_tensor.get_or_insert(arg);
                    (self.data_address(arg, &info), arg)
                }
                None if ty.to_string() == "index" => (self.to_i64(arg), null),
                None => (arg, null),
            };
            let cell = self.alloca(&value.r#type().to_string(), 1);
            self.store(value, cell);
            let at = self.gep(params, ptr, k as i64);
            self.store(cell, at);
            let at = self.gep(tensors, ptr, k as i64);
            self.store(handle, at);
        }
        let Some(first_tensor) = first_tensor else {
            return ir::fail(op, "a GPU launch needs a tensor argument (its device picks the slot entry)");
        };
        let b = self.b();
        let slot = b.value(
            "llvm.mlir.addressof",
            &[],
            self.ty(ptr),
            &[("global_name", b.attr(&format!("@\"{}\"", ir::flat_symbol_attr(op, "slot").unwrap_or_default())))],
        );
        let descriptor = b.value(
            "llvm.mlir.addressof",
            &[],
            self.ty(ptr),
            &[("global_name", b.attr(&format!("@\"{}\"", ir::flat_symbol_attr(op, "descriptor").unwrap_or_default())))],
        );
        let device = self.header_field(first_tensor, &[HEADER_DEVICE_INDEX], "i32");
        let limit = self.const_int(MAX_DEVICES, "i32");
        let in_range = b.value("arith.cmpi", &[device, limit], self.ty("i1"), &[("predicate", b.attr("6 : i64"))]);
        let zero32 = self.const_int(0, "i32");
        let ordinal = b.value("arith.select", &[in_range, device, zero32], self.ty("i32"), &[]);
        let ordinal = b.value("arith.extui", &[ordinal], self.ty("i64"), &[]);
        let entry_bytes = self.const_int(SLOT_ENTRY_BYTES, "i64");
        let offset = b.value("arith.muli", &[ordinal, entry_bytes], self.ty("i64"), &[]);
        let entry = b.value(
            "llvm.getelementptr",
            &[slot, offset],
            self.ty(ptr),
            &[("rawConstantIndices", b.dense_i32(&[i32::MIN])), ("elem_type", b.attr("i8"))],
        );
        let function = b.value(
            "llvm.load",
            &[entry],
            self.ty(ptr),
            &[("ordering", b.attr(ACQUIRE)), ("alignment", b.attr("8 : i64"))],
        );
        let address = b.value("llvm.ptrtoint", &[function], self.ty("i64"), &[]);
        let zero64 = self.const_int(0, "i64");
        let loaded = b.value("arith.cmpi", &[address, zero64], self.ty("i1"), &[("predicate", b.attr("1 : i64"))]);
        let ready = self.and(loaded, in_range);

        let fast = self.region.append_block(Block::new(&[]));
        let slow = self.region.append_block(Block::new(&[(self.ty("i32"), self.location)]));
        let done = self.region.append_block(Block::new(&[]));
        b.create_with_successors(
            "cf.cond_br",
            &[ready, zero32],
            &[fast, slow],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 1]))],
        );

        self.block = fast;
        let launch = self.entry_field(entry, &[1], ptr);
        let stream = self.entry_field(entry, &[2], ptr);
        // Blocks per axis; past CUDA's gridDim limits the slow path names
        // the error (a truncated grid would silently skip work).
        let mut grid = Vec::new();
        let mut too_large = None;
        for (d, limit) in GRID_LIMITS.into_iter().enumerate() {
            let extent = extents.get(d).map(|&e| self.to_i64(e)).unwrap_or_else(|| self.const_int(1, "i64"));
            let programs = if numel_rank > 0 && d < numel_rank {
                let divisor = self.entry_field(entry, &[3, d as i32], "i64");
                self.b().value("arith.ceildivui", &[extent, divisor], self.ty("i64"), &[])
            } else {
                extent
            };
            if d < extents.len() {
                let limit = self.const_int(limit, "i64");
                let b = self.b();
                let over =
                    b.value("arith.cmpi", &[programs, limit], self.ty("i1"), &[("predicate", b.attr("8 : i64"))]);
                too_large = Some(match too_large {
                    Some(any) => b.value("arith.ori", &[any, over], self.ty("i1"), &[]),
                    None => over,
                });
            }
            grid.push(self.b().value("arith.trunci", &[programs], self.ty("i32"), &[]));
        }
        let threads = self.entry_field(entry, &[4], "i32");
        let shared = self.entry_field(entry, &[5], "i32");
        let one = self.const_int(1, "i32");
        let b = self.b();
        let mut empty = self.cmp_eq(grid[0], zero32);
        for &g in &grid[1..] {
            let zero = self.cmp_eq(g, zero32);
            empty = b.value("arith.ori", &[empty, zero], self.ty("i1"), &[]);
        }
        let checked = self.region.append_block(Block::new(&[]));
        self.branch(empty, done, checked);
        self.block = checked;
        let launch_block = self.region.append_block(Block::new(&[]));
        let too_large = too_large.expect("a launch has at least one extent");
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[too_large, zero32],
            &[slow, launch_block],
            &[("operandSegmentSizes", b.dense_i32(&[1, 1, 0]))],
        );
        self.block = launch_block;
        let b = self.b();
        let call_operands =
            [launch, function, grid[0], grid[1], grid[2], threads, one, one, shared, stream, params, null];
        let status = b.value(
            "llvm.call",
            &call_operands,
            self.ty("i32"),
            &[
                ("operandSegmentSizes", b.dense_i32(&[call_operands.len() as i32, 0])),
                ("op_bundle_sizes", b.dense_i32(&[])),
            ],
        );
        let launched = self.cmp_eq(status, zero32);
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[launched, status],
            &[done, slow],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 1]))],
        );

        self.block = slow;
        let failed: Value = slow.argument(0).unwrap().into();
        let extents64: Vec<Value> = (0..3)
            .map(|d| extents.get(d).map(|&e| self.to_i64(e)).unwrap_or_else(|| self.const_int(1, "i64")))
            .collect();
        let extents_array = self.i64_array(&extents64);
        let count = self.const_int(args.len() as i64, "i64");
        let by_elements = self.const_int(i64::from(numel_rank > 0), "i32");
        self.checked(
            "wrt_cuda_launch_slow",
            &[slot, descriptor, device, params, tensors, count, extents_array, by_elements, failed],
        );
        self.jump(done);
        self.block = done;
        Ok(())
    }

    /// `@__wrapc_launch_<kernel>(args, px, py, pz)`: unpacks the argument
    /// array and calls the host payload. Made once per kernel.
    fn trampoline(&mut self, kernel: &str, host: &str, arg_types: &[Type<'c>]) -> String {
        let name = format!("__wrapc_launch_{kernel}");
        if !self.decls.declared.insert(name.clone()) {
            return name;
        }
        let (ptr, i64t) = (self.ty("!llvm.ptr"), self.ty("i64"));
        let region = Region::new();
        let location = self.location;
        region.append_block(Block::new(&[(ptr, location), (i64t, location), (i64t, location), (i64t, location)]));
        let function = func::func(
            self.context,
            StringAttribute::new(self.context, &name),
            TypeAttribute::new(self.ty(TRAMPOLINE_TYPE)),
            region,
            &[
                (
                    melior::ir::Identifier::new(self.context, "sym_visibility"),
                    StringAttribute::new(self.context, "private").into(),
                ),
                (
                    melior::ir::Identifier::new(self.context, "llvm.linkage"),
                    Builder::at_end(self.context, self.block, location).attr("#llvm.linkage<internal>"),
                ),
            ],
            location,
        );
        let function = self.module_body.append_operation(function);
        let body = function.region(0).unwrap().first_block().unwrap();
        let b = Builder::at_end(self.context, body, location);
        let array: Value = body.argument(0).unwrap().into();
        let mut call_args = Vec::new();
        for (k, &ty) in arg_types.iter().enumerate() {
            let slot = b.value(
                "llvm.getelementptr",
                &[array],
                ptr,
                &[("rawConstantIndices", b.dense_i32(&[k as i32])), ("elem_type", b.attr("!llvm.ptr"))],
            );
            let pointer = b.value("llvm.load", &[slot], ptr, &[]);
            let value = if TensorTypeInfo::from_type(ty).is_some() {
                pointer
            } else if ty.to_string() == "index" {
                let wide = b.value("llvm.load", &[pointer], i64t, &[]);
                b.value("arith.index_cast", &[wide], ty, &[])
            } else {
                b.value("llvm.load", &[pointer], ty, &[])
            };
            call_args.push(value);
        }
        for d in 1..4 {
            let id: Value = body.argument(d).unwrap().into();
            call_args.push(b.value("arith.index_cast", &[id], b.index_type(), &[]));
        }
        b.create("func.call", &call_args, &[], &[("callee", b.symbol_ref(host))]);
        b.create("func.return", &[], &[], &[]);
        name
    }
}

/// The type of a launch trampoline: argument array, then px, py, pz.
const TRAMPOLINE_TYPE: &str = "(!llvm.ptr, i64, i64, i64) -> ()";

/// The value of an `arith.constant` of i64 type.
fn constant_i64(value: Value) -> Option<i64> {
    let result = melior::ir::operation::OperationResult::try_from(value).ok()?;
    let op = result.owner();
    let is_i64_constant =
        op.name().as_string_ref().as_str() == Ok("arith.constant") && value.r#type().to_string() == "i64";
    if is_i64_constant {
        ir::int_attr(op, "value")
    } else {
        None
    }
}

use ir::{clone_operation, dense_segment};
