//! Building blocks of the lowering: typed constants, runtime calls with
//! failure exits, entry-block stack slots, header and struct field access.

use melior::dialect::arith::{self, CmpiPredicate};
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, RegionLike, Type, Value, ValueLike};

use melior::dialect::func;
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::r#type::FunctionType;
use melior::ir::Region;

use super::abi::*;
use super::{constant_i64, key, FnLowering};
use crate::ir::{self, Builder, Reported};

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    pub(super) fn b(&self) -> Builder<'c, 'a> {
        Builder::at_end(self.context, self.block, self.location)
    }

    pub(super) fn ty(&self, text: &str) -> Type<'c> {
        Type::parse(self.context, text).expect("wrapc spells valid types")
    }

    pub(super) fn arg(&self, i: usize) -> Value<'c, 'a> {
        self.region.first_block().unwrap().argument(i).unwrap().into()
    }

    pub(super) fn const_int(&self, value: i64, ty: &str) -> Value<'c, 'a> {
        let b = self.b();
        b.value("arith.constant", &[], self.ty(ty), &[("value", b.attr(&format!("{value} : {ty}")))])
    }

    pub(super) fn declare(&mut self, name: &str) {
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
    pub(super) fn call(&mut self, name: &str, args: &[Value<'c, 'a>]) -> Option<Value<'c, 'a>> {
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
    pub(super) fn checked(&mut self, name: &str, args: &[Value<'c, 'a>]) {
        let status = self.call(name, args).expect("checked calls return a status");
        self.bail_if_failed(status);
    }

    pub(super) fn bail_if_failed(&mut self, status: Value<'c, 'a>) {
        let zero = self.const_int(0, "i32");
        let failed = self.cmpi(CmpiPredicate::Ne, status, zero);
        self.branch_to_failure(failed, status);
    }

    /// `if (cond) { release owned; return status; }` and continue after.
    pub(super) fn branch_to_failure(&mut self, cond: Value<'c, 'a>, status: Value<'c, 'a>) {
        let fail = self.region.append_block(Block::new(&[]));
        let next = self.region.append_block(Block::new(&[]));
        self.branch(cond, fail, next);
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
    pub(super) fn new_ref(&mut self, name: &str, args: &[Value<'c, 'a>]) -> Value<'c, 'a> {
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

    /// A fresh entry-block slot no other op reuses.
    pub(super) fn entry_alloca(&self, element: &str, count: i64) -> Value<'c, 'a> {
        let b = match self.anchor {
            Some(anchor) => Builder::before(anchor),
            None => self.b(),
        };
        let i64t = self.ty("i64");
        let n = b.value("arith.constant", &[], i64t, &[("value", b.attr(&format!("{count} : i64")))]);
        b.value("llvm.alloca", &[n], self.ty("!llvm.ptr"), &[("elem_type", b.attr(element))])
    }

    pub(super) fn gep(&self, base: Value<'c, 'a>, element: &str, index: i64) -> Value<'c, 'a> {
        let b = self.b();
        b.value(
            "llvm.getelementptr",
            &[base],
            self.ty("!llvm.ptr"),
            &[("rawConstantIndices", b.dense_i32(&[index as i32])), ("elem_type", b.attr(element))],
        )
    }

    /// Loads header field `path` (struct indices) of tensor `handle`.
    pub(super) fn header_field(&self, handle: Value<'c, 'a>, path: &[i32], ty: &str) -> Value<'c, 'a> {
        self.struct_field(handle, header_type(), path, ty)
    }

    /// Loads field `path` (struct indices) of the `layout` struct at `base`.
    pub(super) fn struct_field(&self, base: Value<'c, 'a>, layout: &str, path: &[i32], ty: &str) -> Value<'c, 'a> {
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

    /// `arith.cmpi` with melior's typed predicate.
    pub(super) fn cmpi(&self, predicate: CmpiPredicate, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let b = self.b();
        b.insert(arith::cmpi(b.context, predicate, lhs, rhs, b.location)).result(0).expect("one result").into()
    }

    pub(super) fn cmp_eq(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        self.cmpi(CmpiPredicate::Eq, lhs, rhs)
    }

    pub(super) fn and(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let b = self.b();
        b.insert(arith::andi(lhs, rhs, b.location)).result(0).expect("one result").into()
    }

    pub(super) fn or(&self, lhs: Value<'c, 'a>, rhs: Value<'c, 'a>) -> Value<'c, 'a> {
        let b = self.b();
        b.insert(arith::ori(lhs, rhs, b.location)).result(0).expect("one result").into()
    }

    pub(super) fn branch(&self, cond: Value<'c, 'a>, then: BlockRef<'c, 'a>, otherwise: BlockRef<'c, 'a>) {
        let b = self.b();
        b.create_with_successors(
            "cf.cond_br",
            &[cond],
            &[then, otherwise],
            &[("operandSegmentSizes", b.dense_i32(&[1, 0, 0]))],
        );
    }

    pub(super) fn jump(&self, to: BlockRef<'c, 'a>) {
        self.b().create_with_successors("cf.br", &[], &[to], &[]);
    }

    pub(super) fn load(&self, address: Value<'c, 'a>, ty: &str) -> Value<'c, 'a> {
        self.b().value("llvm.load", &[address], self.ty(ty), &[])
    }

    pub(super) fn store(&self, value: Value<'c, 'a>, address: Value<'c, 'a>) {
        self.b().create("llvm.store", &[value, address], &[], &[]);
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
        let b = self.b();
        b.value("llvm.mlir.addressof", &[], self.ty("!llvm.ptr"), &[("global_name", b.symbol_ref(&name))])
    }

    pub(super) fn to_i64(&self, index: Value<'c, 'a>) -> Value<'c, 'a> {
        if index.r#type().to_string() == "i64" {
            return index;
        }
        self.b().value("arith.index_cast", &[index], self.ty("i64"), &[])
    }

    pub(super) fn to_index(&self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        self.b().value("arith.index_cast", &[value], self.ty("index"), &[])
    }

    pub(super) fn bool_to_i8(&self, flag: Value<'c, 'a>) -> Value<'c, 'a> {
        self.b().value("arith.extui", &[flag], self.ty("i8"), &[])
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
        let b = self.b();
        b.value("llvm.mlir.addressof", &[], self.ty("!llvm.ptr"), &[("global_name", b.symbol_ref(&name))])
    }

    pub(super) fn get(&self, op: OperationRef<'c, '_>, old: Value) -> Result<Value<'c, 'a>, Reported> {
        match self.values.get(&key(old)) {
            Some(v) => Ok(*v),
            None => ir::fail(op, "operand defined outside the function being lowered"),
        }
    }

    pub(super) fn bind(&mut self, old: Value, new: Value<'c, 'a>) {
        self.values.insert(key(old), new);
    }

    pub(super) fn operands(&self, op: OperationRef<'c, '_>) -> Result<Vec<Value<'c, 'a>>, Reported> {
        (0..op.operand_count()).map(|i| self.get(op, op.operand(i).unwrap())).collect()
    }

    pub(super) fn result(&mut self, op: OperationRef<'c, '_>, value: Value<'c, 'a>) {
        self.bind(op.result(0).unwrap().into(), value);
    }
}
