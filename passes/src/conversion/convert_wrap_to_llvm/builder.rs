//! Building blocks of the lowering: typed constants, runtime calls with
//! failure exits, entry-block stack slots, header and struct field access.

use melior::dialect::arith::{self, CmpiPredicate};
use melior::dialect::llvm::{AllocaOptions, LoadStoreOptions};
use melior::dialect::{func, llvm, ods};
use melior::ir::attribute::{
    DenseI32ArrayAttribute, FlatSymbolRefAttribute, IntegerAttribute, StringAttribute, TypeAttribute,
};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::{IntegerType, TypeLike};
use melior::ir::{Block, BlockRef, Operation, Region, RegionLike, Type, Value, ValueLike};

use super::abi::*;
use super::{constant_i64, is_signless, FnLowering};
use crate::ir::ValueId;
use crate::ir::{self, Builder, Reported};

/// LLVM's atomic orderings, numbered as `AtomicOrdering` in MLIR's
/// LLVMEnums.td (the attribute is an i64 enum): melior has no enum for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub(super) enum AtomicOrdering {
    Acquire = 4,
    SequentiallyConsistent = 7,
}

/// The read-modify-write operations of `llvm.atomicrmw`, numbered as
/// `AtomicBinOp` in MLIR's LLVMEnums.td: melior has no enum for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i64)]
pub(super) enum AtomicBinOp {
    Add = 1,
}

/// An i64 attribute, as LLVM dialect ops hold their enums (orderings,
/// predicates) and alignments.
fn i64_attr(context: &melior::Context, value: i64) -> IntegerAttribute<'_> {
    IntegerAttribute::new(IntegerType::new(context, 64).into(), value)
}

/// Inserts `op` at `b`'s point and returns its one result.
pub(super) fn insert_value<'c, 'a>(b: &Builder<'c, 'a>, op: impl Into<Operation<'c>>) -> Value<'c, 'a> {
    b.insert(op).result(0).expect("one result").into()
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    pub(super) fn b(&self) -> Builder<'c, 'a> {
        Builder::at_end(self.context, self.block, self.location)
    }

    /// Inserts `op` at the end of the current block and returns its one result.
    pub(super) fn emit(&self, op: impl Into<Operation<'c>>) -> Value<'c, 'a> {
        insert_value(&self.b(), op)
    }

    /// The type wrapc spells `text`, parsed once per function: a wrapper
    /// asks for the same few types at every op it lowers.
    pub(super) fn ty(&self, text: &str) -> Type<'c> {
        if let Some(&ty) = self.types.borrow().get(text) {
            return ty;
        }
        let ty = Type::parse(self.context, text).expect("wrapc spells valid types");
        self.types.borrow_mut().insert(text.to_string(), ty);
        ty
    }

    pub(super) fn arg(&self, i: usize) -> Value<'c, 'a> {
        self.region.first_block().unwrap().argument(i).unwrap().into()
    }

    /// The integer constant `value : ty`, one per function at the top of
    /// the entry block (where it dominates every use): a launch or a
    /// write-back asks for the same small constants each time, and one op
    /// per request made every later conversion pass walk and convert
    /// thousands of duplicates.
    pub(super) fn const_int(&self, value: i64, ty: &str) -> Value<'c, 'a> {
        if let Some(&constant) = self.constants.borrow().get(ty).and_then(|by_value| by_value.get(&value)) {
            return constant;
        }
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let constant = insert_value(&b, self.int_constant(value, ty));
        self.constants.borrow_mut().entry(ty.to_string()).or_default().insert(value, constant);
        constant
    }

    /// `arith.constant <value> : <ty>`, not yet inserted.
    fn int_constant(&self, value: i64, ty: &str) -> Operation<'c> {
        arith::constant(self.context, IntegerAttribute::new(self.ty(ty), value).into(), self.location)
    }

    /// The MLIR types of `function`'s parameters and results.
    fn runtime_types(&self, function: RuntimeFn) -> (Vec<Type<'c>>, Vec<Type<'c>>) {
        let signature = function.signature();
        let params = signature.params.iter().map(|&t| self.ty(mlir_type(t))).collect();
        let results = signature.result.iter().map(|&t| self.ty(mlir_type(t))).collect();
        (params, results)
    }

    /// Declares runtime function `function` in the module, once, as an
    /// `llvm.func`: its calls are then `llvm.call`s, which the conversions
    /// after this pass leave alone (a wrapper makes tens of thousands).
    pub(super) fn declare(&mut self, function: RuntimeFn) {
        let name = function.c_name();
        if !self.decls.declared.insert(name.to_string()) {
            return;
        }
        let (params, results) = self.runtime_types(function);
        let void = llvm::r#type::void(self.context);
        let signature = llvm::r#type::function(results.first().copied().unwrap_or(void), &params, false);
        let declaration = llvm::func(
            self.context,
            StringAttribute::new(self.context, name),
            TypeAttribute::new(signature),
            Region::new(),
            &[],
            self.location,
        );
        match self.module_body.first_operation() {
            Some(first) => self.module_body.insert_operation_before(first, declaration),
            None => self.module_body.append_operation(declaration),
        };
    }

    /// Calls runtime function `function` (`llvm.call`).
    pub(super) fn call(&mut self, function: RuntimeFn, args: &[Value<'c, 'a>]) -> Option<Value<'c, 'a>> {
        self.declare(function);
        let (_, results) = self.runtime_types(function);
        let call = Self::insert_call(&self.b(), self.llvm_call(function.c_name(), args, &results), args.len());
        // Checked first: melior's out-of-range error prints the operation,
        // which numbers every value of the function (quadratic overall).
        (call.result_count() > 0).then(|| call.result(0).expect("counted").into())
    }

    /// `llvm.call @name(args) : results`, not yet inserted (its operand
    /// groups recorded by the caller: [`FnLowering::insert_call`]).
    fn llvm_call(&self, name: &str, args: &[Value<'c, 'a>], results: &[Type<'c>]) -> Operation<'c> {
        let call = ods::llvm::CallOperation::builder(self.context, self.location)
            .callee_operands(args)
            .op_bundle_operands(&[])
            .op_bundle_sizes(DenseI32ArrayAttribute::new(self.context, &[]))
            .callee(FlatSymbolRefAttribute::new(self.context, name));
        match results {
            [] => call.build().into(),
            [result] => call.result(*result).build().into(),
            _ => unreachable!("a C function returns at most one value"),
        }
    }

    /// Inserts `call` (from [`FnLowering::llvm_call`] with `arity`
    /// arguments) at `b`'s point.
    fn insert_call(b: &Builder<'c, 'a>, call: Operation<'c>, arity: usize) -> OperationRef<'c, 'a> {
        b.insert_segmented(call, &[arity, 0])
    }

    /// `func.call @name(args) : results`.
    pub(super) fn call_symbol(&self, name: &str, args: &[Value<'c, 'a>], results: &[Type<'c>]) -> OperationRef<'c, 'a> {
        let callee = FlatSymbolRefAttribute::new(self.context, name);
        self.b().insert(func::call(self.context, callee, args, results, self.location))
    }

    /// `llvm.call` of the function pointer `callee` with `args`, returning a `result`.
    pub(super) fn call_indirect(&self, callee: Value<'c, 'a>, args: &[Value<'c, 'a>], result: &str) -> Value<'c, 'a> {
        let mut operands = vec![callee];
        operands.extend_from_slice(args);
        let call = ods::llvm::CallOperation::builder(self.context, self.location)
            .result(self.ty(result))
            .callee_operands(&operands)
            .op_bundle_operands(&[])
            .op_bundle_sizes(DenseI32ArrayAttribute::new(self.context, &[]))
            .build();
        let call = self.b().insert_segmented(call, &[operands.len(), 0]);
        call.result(0).expect("one result").into()
    }

    /// `llvm.call` of the function pointer `callee` with `args`, returning nothing.
    pub(super) fn call_indirect_void(&self, callee: Value<'c, 'a>, args: &[Value<'c, 'a>]) {
        let mut operands = vec![callee];
        operands.extend_from_slice(args);
        let call = ods::llvm::CallOperation::builder(self.context, self.location)
            .callee_operands(&operands)
            .op_bundle_operands(&[])
            .op_bundle_sizes(DenseI32ArrayAttribute::new(self.context, &[]))
            .build();
        self.b().insert_segmented(call, &[operands.len(), 0]);
    }

    /// An integer as an i64 (sign-extended; i64 as it is).
    pub(super) fn extsi_to_i64(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        if is_signless(value.r#type(), 64) {
            value
        } else {
            self.extsi(value, "i64")
        }
    }

    /// `func.return values`.
    pub(super) fn return_(&self, values: &[Value<'c, 'a>]) {
        self.b().insert(func::r#return(values, self.location));
    }

    /// Calls `function` and returns from the function with its status if
    /// it failed, after releasing every reference owned so far.
    pub(super) fn checked(&mut self, function: RuntimeFn, args: &[Value<'c, 'a>]) {
        let status = self.call(function, args).expect("checked calls return a status");
        self.bail_if_failed(status);
    }

    pub(super) fn bail_if_failed(&mut self, status: Value<'c, 'a>) {
        let zero = self.const_int(0, "i32");
        let failed = self.cmpi(CmpiPredicate::Ne, status, zero);
        self.branch_to_failure(failed, status);
    }

    /// `if (cond) { release owned; return status; }` and continue after.
    pub(super) fn branch_to_failure(&mut self, cond: Value<'c, 'a>, status: Value<'c, 'a>) {
        self.branch_to_failure_with(cond, status, None);
    }

    /// As `branch_to_failure`, setting the thread's error message to the C
    /// string at `message` first (only on the failure path).
    pub(super) fn branch_to_failure_with_message(
        &mut self,
        cond: Value<'c, 'a>,
        status: Value<'c, 'a>,
        message: Value<'c, 'a>,
    ) {
        self.branch_to_failure_with(cond, status, Some(message));
    }

    fn branch_to_failure_with(&mut self, cond: Value<'c, 'a>, status: Value<'c, 'a>, message: Option<Value<'c, 'a>>) {
        let exit = self.failure_exit();
        let next = match message {
            None => {
                let next = self.region.append_block(Block::new(&[]));
                self.branch_with(cond, (exit, &[status]), (next, &[]));
                next
            }
            Some(message) => {
                let fail = self.region.append_block(Block::new(&[]));
                let next = self.region.append_block(Block::new(&[]));
                self.branch(cond, fail, next);
                self.block = fail;
                self.call(RuntimeFn::SetError, &[message]);
                self.jump_with(exit, &[status]);
                next
            }
        };
        self.block = next;
    }

    /// A runtime call that hands back a new reference through its last
    /// (out-pointer) argument; the function owns it once it is bound to an
    /// old value the ownership analysis says it owns ([`FnLowering::bind`]).
    pub(super) fn new_ref(&mut self, function: RuntimeFn, args: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let slot = self.alloca(PTR, 1);
        let mut all = args.to_vec();
        all.push(slot);
        self.checked(function, &all);
        self.load(slot, PTR)
    }

    /// A reference an op's lowering makes for itself (a boxed integer, a
    /// result's new reference), owned until [`FnLowering::end_temporary`]
    /// or the return hands it out: a failure in between releases it.
    pub(super) fn temporary(&mut self, function: RuntimeFn, args: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let value = self.new_ref(function, args);
        self.unwind.own(value);
        value
    }

    pub(super) fn end_temporary(&mut self, value: Value<'c, 'a>) {
        self.unwind.disown(value);
        self.call(RuntimeFn::TensorRelease, &[value]);
    }

    /// A stack slot of `count` `element`s for the op being lowered (see
    /// `scratch`).
    pub(super) fn alloca(&mut self, element: &str, count: i64) -> Value<'c, 'a> {
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

    /// The address of the thread's grad-mode flag, fetched once per call
    /// at the top of the entry block (so it dominates every use).
    pub(super) fn grad_mode_slot(&mut self) -> Value<'c, 'a> {
        if let Some(slot) = self.grad_slot {
            return slot;
        }
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let f = RuntimeFn::GradModeSlot;
        self.declare(f);
        let (_, results) = self.runtime_types(f);
        let slot = Self::insert_call(&b, self.llvm_call(f.c_name(), &[], &results), 0).result(0).unwrap().into();
        self.grad_slot = Some(slot);
        slot
    }

    /// Makes every failure exit from here on put back the grad mode the
    /// call was entered with (read once, at the top of the entry block):
    /// a failure between a `wrap.grad_mode_set` and the one that restores
    /// it must not leave the caller's thread in the wrapper's mode, as
    /// PyTorch's wrapper restores it in its `finally`.
    pub(super) fn restore_grad_mode_on_failure(&mut self) {
        if self.unwind.grad_mode_at_entry().is_some() {
            return;
        }
        let slot = self.grad_mode_slot();
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let load = llvm::load(self.context, slot, self.ty("i8"), self.location, LoadStoreOptions::new());
        let entry = insert_value(&b, load);
        self.unwind.restore_grad_mode(slot, entry);
    }

    /// A fresh entry-block slot no other op reuses.
    pub(super) fn entry_alloca(&self, element: &str, count: i64) -> Value<'c, 'a> {
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let n = self.const_int(count, "i64");
        let options = AllocaOptions::new().elem_type(Some(TypeAttribute::new(self.ty(element))));
        insert_value(&b, llvm::alloca(self.context, n, self.ty(PTR), self.location, options))
    }

    /// The address of `element` number `index` of the array at `base`.
    pub(super) fn gep(&self, base: Value<'c, 'a>, element: &str, index: i64) -> Value<'c, 'a> {
        self.gep_constant(base, element, &[index as i32])
    }

    /// `llvm.getelementptr base[indices]` with constant indices.
    fn gep_constant(&self, base: Value<'c, 'a>, element: &str, indices: &[i32]) -> Value<'c, 'a> {
        let indices = DenseI32ArrayAttribute::new(self.context, indices);
        let (element, ptr) = (self.ty(element), self.ty(PTR));
        self.emit(llvm::get_element_ptr(self.context, base, indices, element, ptr, self.location))
    }

    /// `llvm.getelementptr base[offset]`: `offset` `element`s past `base`.
    pub(super) fn gep_dynamic(&self, base: Value<'c, 'a>, element: &str, offset: Value<'c, 'a>) -> Value<'c, 'a> {
        let (element, ptr) = (self.ty(element), self.ty(PTR));
        self.emit(llvm::get_element_ptr_dynamic(self.context, base, &[offset], element, ptr, self.location))
    }

    /// Loads header field `path` (struct indices) of tensor `handle`.
    pub(super) fn header_field(&self, handle: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(handle, header_type(), path, ty)
    }

    /// Loads field `path` (struct indices) of the `layout` struct at `base`.
    pub(super) fn struct_field(&self, base: Value<'c, 'a>, layout: &str, path: &[i32], ty: &str) -> Value<'c, 'a> {
        let mut indices = vec![0];
        indices.extend_from_slice(path);
        let address = self.gep_constant(base, layout, &indices);
        self.load(address, ty)
    }

    /// An integer comparison with melior's typed predicate: `llvm.icmp`,
    /// which needs no later conversion, except on `index` values (which
    /// only `arith.cmpi` compares before the index type is lowered).
    pub(super) fn cmpi(&self, predicate: CmpiPredicate, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        if lhs.r#type().is_index() {
            return self.emit(arith::cmpi(self.context, predicate, lhs, rhs, self.location));
        }
        self.icmp(predicate, lhs, rhs)
    }

    /// `llvm.icmp` (pointers, which `arith.cmpi` does not compare). LLVM's
    /// `ICmpPredicate` numbers its cases as `arith.cmpi`'s do (ArithToLLVM
    /// converts one to the other by value), so it takes melior's predicate.
    pub(super) fn icmp(&self, predicate: CmpiPredicate, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let icmp = ods::llvm::ICmpOperation::builder(self.context, self.location)
            .res(self.ty("i1"))
            .lhs(lhs)
            .rhs(rhs)
            .predicate(i64_attr(self.context, predicate as i64).into())
            .build();
        self.emit(icmp)
    }

    pub(super) fn cmp_eq(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.cmpi(CmpiPredicate::Eq, lhs, rhs)
    }

    pub(super) fn and(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.emit(ods::llvm::AndOperation::builder(self.context, self.location).lhs(lhs).rhs(rhs).build())
    }

    pub(super) fn or(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.emit(ods::llvm::OrOperation::builder(self.context, self.location).lhs(lhs).rhs(rhs).build())
    }

    pub(super) fn branch(&self, cond: Value<'c, 'a>, then: BlockRef<'c, 'a>, otherwise: BlockRef<'c, 'a>) {
        self.branch_with(cond, (then, &[]), (otherwise, &[]));
    }

    /// `llvm.cond_br` passing each successor its block arguments (the LLVM
    /// dialect's own: a wrapper's branches need no later conversion).
    pub(super) fn branch_with(
        &self,
        cond: Value<'c, 'a>,
        (then, then_args): (BlockRef<'c, 'a>, &[Value<'c, 'a>]),
        (otherwise, otherwise_args): (BlockRef<'c, 'a>, &[Value<'c, 'a>]),
    ) {
        let branch = ods::llvm::CondBrOperation::builder(self.context, self.location)
            .condition(cond)
            .true_dest_operands(then_args)
            .false_dest_operands(otherwise_args)
            .true_dest(&then)
            .false_dest(&otherwise)
            .build();
        self.b().insert_segmented(branch, &[1, then_args.len(), otherwise_args.len()]);
    }

    pub(super) fn jump(&self, to: BlockRef<'c, 'a>) {
        self.jump_with(to, &[]);
    }

    /// `llvm.br` passing `to` its block arguments.
    pub(super) fn jump_with(&self, to: BlockRef<'c, 'a>, args: &[Value<'c, 'a>]) {
        self.b()
            .insert(ods::llvm::BrOperation::builder(self.context, self.location).dest_operands(args).dest(&to).build());
    }

    pub(super) fn load(&self, address: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.emit(llvm::load(self.context, address, self.ty(ty), self.location, LoadStoreOptions::new()))
    }

    pub(super) fn store(&self, value: Value<'c, 'a>, address: Value<'c, 'a>) {
        self.b().insert(llvm::store(self.context, value, address, self.location, LoadStoreOptions::new()));
    }

    /// An atomic `ordering` load of a `ty` at `address`, aligned to `align`.
    pub(super) fn atomic_load(
        &self,
        address: Value<'c, 'a>,
        ty: &str,
        ordering: AtomicOrdering,
        align: i64,
    ) -> Value<'c, 'a> {
        let load = ods::llvm::LoadOperation::builder(self.context, self.location)
            .res(self.ty(ty))
            .addr(address)
            .ordering(i64_attr(self.context, ordering as i64).into())
            .alignment(i64_attr(self.context, align))
            .build();
        self.emit(load)
    }

    /// `llvm.atomicrmw`: applies `op` with `value` to the integer at
    /// `address`, returning the old value.
    pub(super) fn atomic_rmw(
        &self,
        op: AtomicBinOp,
        address: Value<'c, 'a>,
        value: Value<'c, 'a>,
        ordering: AtomicOrdering,
    ) -> Value<'c, 'a> {
        let rmw = ods::llvm::AtomicRMWOperation::builder(self.context, self.location)
            .res(value.r#type())
            .ptr(address)
            .val(value)
            .bin_op(i64_attr(self.context, op as i64).into())
            .ordering(i64_attr(self.context, ordering as i64).into())
            .build();
        self.emit(rmw)
    }

    /// A null `!llvm.ptr`.
    pub(super) fn null(&self) -> Value<'c, 'a> {
        self.emit(llvm::zero(self.ty(PTR), self.location))
    }

    /// The address of global `name`.
    pub(super) fn address_of(&self, name: &str) -> Value<'c, 'a> {
        let address = ods::llvm::AddressOfOperation::builder(self.context, self.location)
            .res(self.ty(PTR))
            .global_name(FlatSymbolRefAttribute::new(self.context, name))
            .build();
        self.emit(address)
    }

    /// A pointer as an i64.
    pub(super) fn ptr_to_int(&self, pointer: Value<'c, 'a>) -> Value<'c, 'a> {
        let cast =
            ods::llvm::PtrToIntOperation::builder(self.context, self.location).res(self.ty("i64")).arg(pointer).build();
        self.emit(cast)
    }

    /// A stack array of i64 holding `values`.
    /// A pointer to `values` as i64s: a constant global when every value is
    /// known at compile time (nothing to store per call), else a stack array.
    pub(super) fn i64_array(&mut self, values: &[Value<'c, 'a>]) -> Value<'c, 'a> {
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

    /// A stack array of pointers holding `values` (handles, C strings).
    pub(super) fn ptr_array(&mut self, values: &[Value<'c, 'a>]) -> Value<'c, 'a> {
        let array = self.alloca(PTR, values.len().max(1) as i64);
        for (k, &v) in values.iter().enumerate() {
            let slot = self.gep(array, PTR, k as i64);
            self.store(v, slot);
        }
        array
    }

    pub(super) fn constant_array(&mut self, values: Vec<i64>) -> Value<'c, 'a> {
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
        self.address_of(&name)
    }

    /// `index` as an i64: the i64 it was made from where
    /// [`FnLowering::to_index`] made it (which dominates it), else a cast.
    pub(super) fn to_i64(&self, index: Value<'c, 'a>) -> Value<'c, 'a> {
        if !index.r#type().is_index() {
            return index;
        }
        if let Some(&(_, wide)) = self.widened.borrow().get(&ValueId::of(index)) {
            return wide;
        }
        self.emit(arith::index_cast(index, self.ty("i64"), self.location))
    }

    /// An i64 as an `index` (for the ops of the graph wrapc keeps as they
    /// are), remembered for [`FnLowering::to_i64`].
    pub(super) fn to_index(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        let index = self.emit(arith::index_cast(value, self.ty("index"), self.location));
        self.widened.borrow_mut().insert(ValueId::of(index), (index, value));
        index
    }

    /// Erases the casts [`FnLowering::to_index`] made that nothing uses
    /// (every wrap op reads the i64 instead): a wrapper reads a size per
    /// launch, and each cast left is one more op for the conversions after.
    pub(super) fn erase_unused_casts(&mut self) {
        for (_, (index, _)) in self.widened.take() {
            // SAFETY: `index` is a live value of the function being built.
            let unused = unsafe { mlir_sys::mlirOpOperandIsNull(mlir_sys::mlirValueGetFirstUse(index.to_raw())) };
            if let (true, Ok(cast)) = (unused, melior::ir::operation::OperationResult::try_from(index)) {
                ir::erase(cast.owner());
            }
        }
    }

    pub(super) fn bool_to_i8(&self, flag: Value<'c, 'a>) -> Value<'c, 'a> {
        self.extui(flag, "i8")
    }

    /// `value` zero-extended to `ty`.
    pub(super) fn extui(&self, value: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.emit(arith::extui(value, self.ty(ty), self.location))
    }

    /// `value` sign-extended to `ty`.
    pub(super) fn extsi(&self, value: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.emit(arith::extsi(value, self.ty(ty), self.location))
    }

    /// `value` truncated to `ty`.
    pub(super) fn trunci(&self, value: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.emit(arith::trunci(value, self.ty(ty), self.location))
    }

    pub(super) fn muli(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.emit(arith::muli(lhs, rhs, self.location))
    }

    /// `lhs / rhs` as i64s, unsigned, rounded up, as `arith.ceildivui`
    /// defines it (`lhs == 0 ? 0 : (lhs - 1) / rhs + 1`, no overflow) but
    /// in the LLVM dialect: one per launch, nothing left to convert.
    pub(super) fn ceildivui(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let (lhs, rhs) = (self.to_i64(lhs), self.to_i64(rhs));
        let (zero, one) = (self.const_int(0, "i64"), self.const_int(1, "i64"));
        let is_zero = self.icmp(CmpiPredicate::Eq, lhs, zero);
        let (context, location) = (self.context, self.location);
        let below = self.emit(ods::llvm::SubOperation::builder(context, location).lhs(lhs).rhs(one).build());
        let quotient = self.emit(ods::llvm::UDivOperation::builder(context, location).lhs(below).rhs(rhs).build());
        let rounded = self.emit(ods::llvm::AddOperation::builder(context, location).lhs(quotient).rhs(one).build());
        let select = ods::llvm::SelectOperation::builder(context, location)
            .res(lhs.r#type())
            .condition(is_zero)
            .true_value(zero)
            .false_value(rounded)
            .build();
        self.emit(select)
    }

    /// A NUL-terminated string constant in the module, by address.
    pub(super) fn c_string(&mut self, text: &str) -> Value<'c, 'a> {
        let name = format!("__wrapc_str_{}", self.decls.strings);
        self.decls.strings += 1;
        let bytes: Vec<u8> = text.bytes().chain(std::iter::once(0)).collect();
        let source = format!(
            "llvm.mlir.global internal constant @{name}({}) {{addr_space = 0 : i32}}",
            ir::string_literal(&bytes)
        );
        let parsed = ir::insert_parsed(self.context, &source, self.module_body, None);
        assert!(parsed, "wrapc spells valid globals: {source}");
        self.address_of(&name)
    }

    pub(super) fn get(&self, op: OperationRef<'c, '_>, old: Value) -> Result<Value<'c, 'a>, Reported> {
        match self.values.get(&ValueId::of(old)) {
            Some(v) => Ok(*v),
            None => ir::fail(op, "operand defined outside the function being lowered"),
        }
    }

    /// `old` is lowered to `new`, which the function owns from here on if
    /// the ownership analysis says it owns `old`.
    pub(super) fn bind(&mut self, old: Value, new: Value<'c, 'a>) {
        if self.ownership.owns(old) {
            self.unwind.own(new);
        }
        self.values.insert(ValueId::of(old), new);
    }

    /// The new value an old one was lowered to.
    pub(super) fn mapped(&self, old: ValueId) -> Value<'c, 'a> {
        self.values[&old]
    }

    pub(super) fn operands(&self, op: OperationRef<'c, '_>) -> Result<Vec<Value<'c, 'a>>, Reported> {
        (0..op.operand_count()).map(|i| self.get(op, op.operand(i).unwrap())).collect()
    }

    pub(super) fn result(&mut self, op: OperationRef<'c, '_>, value: Value<'c, 'a>) {
        self.bind(op.result(0).unwrap().into(), value);
    }
}
