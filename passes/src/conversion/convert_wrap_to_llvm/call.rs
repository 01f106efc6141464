//! The entry-point ABI: argument checks and unboxing in the prologue,
//! calls between converted functions, and the return of owned results.

use melior::dialect::arith::CmpiPredicate;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, BlockRef, RegionLike, Type, Value, ValueLike};
use wrapc_dialects::views;
use wrapc_dialects::{DeviceKind, SubclassInfo, TensorTypeInfo, WrapOp, DYNAMIC};

use super::abi::*;
use super::ownership::Handoff;
use super::pattern::Pattern;
use super::types::{self, Lowered};
use super::{source_name, FnLowering};
use crate::ir::ValueId;
use crate::ir::{self, PassResult};

/// A call of another function with wrapc's ABI (a `func.call` of one is
/// lowered alike, by the driver).
pub(super) struct Calls;

impl Pattern for Calls {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::CallCompiled]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        _kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        rewriter.lower_call(op, operands)
    }
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// Checks an argument against its static type with inline loads of the
    /// header; only a mismatch (or null) calls the runtime, which says what
    /// is wrong.
    pub(super) fn check_argument(
        &mut self,
        handle: Value<'c, 'a>,
        info: &TensorTypeInfo<'c>,
        index: usize,
        entry: Value<'c, 'a>,
    ) {
        let (fast, slow, next) = (
            self.region.append_block(Block::new(&[])),
            self.region.append_block(Block::new(&[])),
            self.region.append_block(Block::new(&[])),
        );
        let address = self.ptr_to_int(handle);
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
        // A subclass instance with the same outer metadata is not a plain tensor.
        let subclass = self.header_field(handle, &[HEADER_SUBCLASS], "i32");
        let plain = self.const_int(0, "i32");
        ok = {
            let same = self.cmp_eq(subclass, plain);
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
        self.checked(RuntimeFn::CheckArgument, &[handle, entry, index, dtype, device, rank, sizes]);
        self.jump(next);
        self.block = next;
    }

    /// Checks the argument counts, then loads and validates every argument.
    pub(super) fn prologue(
        &mut self,
        inputs: &[Type<'c>],
        num_results: usize,
        old_body: BlockRef<'c, '_>,
        check: bool,
    ) -> PassResult {
        let (n_in, n_out) = (self.arg(1), self.arg(3));
        let want_in = self.const_int(inputs.len() as i64, "i64");
        let want_out = self.const_int(num_results as i64, "i64");
        let bad_in = self.cmpi(CmpiPredicate::Ne, n_in, want_in);
        let bad_out = self.cmpi(CmpiPredicate::Ne, n_out, want_out);
        let mut bad = self.or(bad_in, bad_out);
        // A null array the call would read or write is the same error as a
        // wrong count (the header promises a code, not a crash).
        let null = self.null();
        for (array, len) in [(0, inputs.len()), (2, num_results)] {
            if len > 0 {
                let is_null = self.icmp(CmpiPredicate::Eq, self.arg(array), null);
                bad = self.or(bad, is_null);
            }
        }
        let message = self.c_string(&format!(
            "{}: expected {} inputs and {} outputs in non-null arrays",
            self.entry_name,
            inputs.len(),
            num_results
        ));
        // The message is set only on the failure path.
        let fail = self.region.append_block(Block::new(&[]));
        let next = self.region.append_block(Block::new(&[]));
        self.branch(bad, fail, next);
        self.block = fail;
        self.call(RuntimeFn::SetError, &[message]);
        let code = self.const_int(WRT_ERR_ARG, "i32");
        self.return_(&[code]);
        self.block = next;

        let entry = self.c_string(&self.entry_name.clone());
        for (i, &ty) in inputs.iter().enumerate() {
            let slot = self.gep(self.arg(0), PTR, i as i64);
            let handle = self.load(slot, PTR);
            let old_arg: Value = old_body.argument(i).unwrap().into();
            let value = match TensorTypeInfo::from_type(ty) {
                Some(_) if !check => handle,
                // Nothing reads it: an embedder may pass null there (the
                // gradient of an output autograd has none for, which a
                // backward entry drops).
                Some(_) if !ir::has_uses(old_arg) => handle,
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
                None => match SubclassInfo::from_type(ty) {
                    Some(info) if check => {
                        let name = self.c_string(&info.name);
                        let context = self.c_string(&format!("{}: argument #{i}", self.entry_name));
                        self.checked(RuntimeFn::SubclassCheckType, &[handle, name, context]);
                        self.type_checked.insert(ValueId::of(old_arg));
                        handle
                    }
                    Some(_) => handle,
                    None => self.unbox_int(handle, ty),
                },
            };
            self.bind(old_arg, value);
        }
        Ok(())
    }

    pub(super) fn unbox_int(&mut self, handle: Value<'c, 'a>, ty: Type<'c>) -> Value<'c, 'a> {
        let slot = self.alloca("i64", 1);
        self.checked(RuntimeFn::ScalarI64, &[handle, slot]);
        let value = self.load(slot, "i64");
        match types::convert(ty) {
            Some(Lowered::Index) => self.to_index(value),
            Some(Lowered::Int(64)) => value,
            _ => self.trunci(value, &ty.to_string()),
        }
    }

    pub(super) fn box_int(&mut self, value: Value<'c, 'a>) -> Value<'c, 'a> {
        let wide = match types::convert(value.r#type()) {
            Some(Lowered::Index) => self.to_i64(value),
            Some(Lowered::Int(64)) => value,
            _ => self.extsi(value, "i64"),
        };
        self.temporary(RuntimeFn::ScalarFromI64, &[wide])
    }

    /// A call of another function with wrapc's ABI.
    pub(super) fn lower_call(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let callee = views::reported(op, views::callee)?;
        if !self.decls.converted.contains(&callee) {
            self.clone_op(op, operands);
            return Ok(());
        }
        let null_safe = self.decls.null_safe.get(&callee).cloned().unwrap_or_default();
        for k in 0..operands.len() {
            if self.ownership.is_null(op.operand(k).expect("counted")) && !null_safe.get(k).copied().unwrap_or(false) {
                return ir::fail(
                    op,
                    &format!(
                        "passes a null placeholder as argument #{k} of @{}, which uses it (not only passes it to the compiled graph)",
                        source_name(&callee)
                    ),
                );
            }
        }
        let args = self.alloca(PTR, operands.len().max(1) as i64);
        let mut boxed = Vec::new();
        for (k, &value) in operands.iter().enumerate() {
            let handle = if types::is_boxed_int(value.r#type()) {
                let b = self.box_int(value);
                boxed.push(b);
                b
            } else {
                value
            };
            let slot = self.gep(args, PTR, k as i64);
            self.store(handle, slot);
        }
        let forwarded = self.decls.forwarded.get(&callee).cloned().unwrap_or_default();
        let results = self.alloca(PTR, op.result_count().max(1) as i64);
        let n_args = self.const_int(operands.len() as i64, "i64");
        let n_results = self.const_int(op.result_count() as i64, "i64");
        let call = self.call_symbol(&callee, &[args, n_args, results, n_results], &[self.ty("i32")]);
        let status: Value = call.result(0).unwrap().into();
        for value in boxed {
            self.end_temporary(value);
        }
        self.bail_if_failed(status);
        // Every handed-back reference is owned before any integer is
        // unboxed: a failed unboxing releases them all.
        let mut boxed_results = Vec::new();
        for i in 0..op.result_count() {
            let old: Value = op.result(i).unwrap().into();
            if let Some(&Some(argument)) = forwarded.get(i) {
                // The callee handed back our own argument, borrowed.
                self.bind(old, operands[argument]);
                continue;
            }
            let slot = self.gep(results, PTR, i as i64);
            let handle = self.load(slot, PTR);
            if types::is_boxed_int(old.r#type()) {
                self.unwind.own(handle);
                boxed_results.push((old, handle));
            } else {
                self.bind(old, handle);
            }
        }
        for (old, handle) in boxed_results {
            let value = self.unbox_int(handle, old.r#type());
            self.end_temporary(handle);
            self.bind(old, value);
        }
        Ok(())
    }

    /// Stores the results as owned references, releases the rest, returns 0.
    pub(super) fn lower_return(&mut self, operands: &[Value<'c, 'a>]) -> PassResult {
        if let Some(slot) = self.unwind.end_graph() {
            // The batch runs (or replays) before the results are handed out.
            self.checked(RuntimeFn::CudaGraphEnd, &[slot]);
        }
        let out = self.arg(2);
        for (j, &value) in operands.iter().enumerate() {
            let handle = match self.ownership.handoff(j) {
                Handoff::Transfer | Handoff::Borrow | Handoff::Null => value,
                Handoff::Box => self.box_int(value),
                Handoff::Retain => self.temporary(RuntimeFn::TensorRetain, &[value]),
            };
            let slot = self.gep(out, PTR, j as i64);
            self.store(handle, slot);
        }
        for id in self.ownership.released_at_return().to_vec() {
            let value = self.mapped(id);
            self.call(RuntimeFn::TensorRelease, &[value]);
        }
        let ok = self.const_int(0, "i32");
        self.return_(&[ok]);
        Ok(())
    }
}
