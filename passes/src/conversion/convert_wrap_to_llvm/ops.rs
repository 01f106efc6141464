//! Tensor ops: the dispatch over lowered ops, views, allocation and reuse.

use melior::dialect::arith::CmpiPredicate;
use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef};
use melior::ir::{BlockRef, Type, Value, ValueLike};
use wrapc_dialects::views::{
    self, AllocOp, AssertFiniteOp, CheckSameTensorOp, CopyInplaceOp, EmptyStridedOp, ExternCallOp,
    MarkDifferentiableOp, MarkDynamicOp, PatchRequiresGradOp, SetRequiresGradOp, StaticGeometry, SyntheticBaseOp,
    TensorSizeOp, TensorStrideOp,
};
use wrapc_dialects::{DeviceKind, TensorTypeInfo, WrapOp, DYNAMIC};

use super::abi::*;
use super::builder::{AtomicBinOp, AtomicOrdering};
use super::{key, FnLowering};
use crate::ir::{self, clone_operation, PassResult, Reported};

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    pub(super) fn lower_block(&mut self, body: BlockRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        let mut next = body.first_operation();
        while let Some(op) = next {
            next = op.next_in_block();
            self.lower_op(op, results)?;
        }
        Ok(())
    }

    pub(super) fn lower_op(&mut self, op: OperationRef<'c, '_>, results: &[Type<'c>]) -> PassResult {
        self.scratch_used.clear();
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        let operands = self.operands(op)?;
        if operands.iter().any(|v| self.dead.contains(&key(*v))) {
            return ir::fail(op, "uses a tensor after its buffer was freed or reused");
        }
        match WrapOp::of(&op) {
            Some(kind) => self.lower_wrap_op(op, kind, &operands, results),
            None => match name.as_str() {
                "func.return" => self.lower_return(op, &operands, results),
                "func.call" => self.lower_call(op, &operands),
                other if other.starts_with("arith.") || other.starts_with("index.") => {
                    self.clone_op(op, &operands);
                    Ok(())
                }
                other => ir::fail(op, &format!("convert-wrap-to-llvm does not lower '{other}'")),
            },
        }
    }

    /// Every wrap op, matched exhaustively: a new op in WrapOps.td does not
    /// compile until it has a lowering (or a reason it has none) here.
    fn lower_wrap_op(
        &mut self,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
        results: &[Type<'c>],
    ) -> PassResult {
        let operands = operands.to_vec();
        match kind {
            // Grad mode is the thread's flag, read and written inline
            // through its address (fetched once per call).
            WrapOp::GradModeGet => {
                let slot = self.grad_mode_slot();
                let flag = self.load(slot, "i8");
                let bit = self.trunci(flag, "i1");
                self.result(op, bit);
            }
            WrapOp::GradModeSet => {
                self.restore_grad_mode_on_failure();
                let slot = self.grad_mode_slot();
                let flag = self.bool_to_i8(operands[0]);
                self.store(flag, slot);
            }
            WrapOp::BumpVersion => {
                // An atomic add on the shared counter the header points at.
                let counter = self.header_field(operands[0], &[HEADER_VERSION], PTR);
                let one = self.const_int(1, "i64");
                self.atomic_rmw(AtomicBinOp::Add, counter, one, AtomicOrdering::SequentiallyConsistent);
            }
            WrapOp::SetStorage => self.checked(RuntimeFn::Set, &operands),
            WrapOp::CopyInplace if views::reported(op, CopyInplaceOp::new)?.leaf() => {
                self.checked(RuntimeFn::LeafCopy, &operands)
            }
            WrapOp::CopyInplace => self.lower_copy(op, &operands, RuntimeFn::Copy)?,
            WrapOp::DetachCopyInplace => self.lower_copy(op, &operands, RuntimeFn::DetachCopy)?,
            WrapOp::AsStridedInplace => self.checked(RuntimeFn::AsStridedLike, &operands),
            WrapOp::Detach => {
                let value = self.new_ref(RuntimeFn::Detach, &operands);
                self.result(op, value);
            }
            WrapOp::SetRequiresGrad => {
                let flag = views::reported(op, SetRequiresGradOp::new)?.requires_grad();
                let flag = self.const_int(i64::from(flag), "i8");
                self.checked(RuntimeFn::SetRequiresGrad, &[operands[0], flag]);
            }
            WrapOp::MarkDifferentiable => {
                let flag = views::reported(op, MarkDifferentiableOp::new)?.differentiable();
                let flag = self.const_int(i64::from(flag), "i8");
                self.checked(RuntimeFn::MarkDifferentiable, &[operands[0], flag]);
            }
            WrapOp::PatchRequiresGrad => {
                let target = views::reported(op, PatchRequiresGradOp::new)?.requires_grad();
                let target = self.const_int(i64::from(target), "i8");
                let value = self.new_ref(RuntimeFn::PatchRequiresGrad, &[operands[0], operands[1], target]);
                self.result(op, value);
            }
            WrapOp::AsStrided | WrapOp::Reinterpret => {
                let value = self.lower_strided_view(op, &operands)?;
                self.result(op, value);
            }
            WrapOp::ViewDtype => {
                let element = TensorTypeInfo::from_type(op.result(0).unwrap().r#type()).unwrap().element_type;
                let code = self.const_int(dtype_code(element).unwrap_or(-1), "i32");
                let value = self.new_ref(RuntimeFn::ViewDtype, &[operands[0], code]);
                self.result(op, value);
            }
            WrapOp::TensorSize | WrapOp::TensorStride => {
                // Inline loads from the header (the verifier bounds `dim`).
                let dim = match kind {
                    WrapOp::TensorSize => views::reported(op, TensorSizeOp::new)?.dim(),
                    _ => views::reported(op, TensorStrideOp::new)?.dim(),
                } as i32;
                let field = if kind == WrapOp::TensorSize { HEADER_SIZES } else { HEADER_STRIDES };
                let value = self.header_field(operands[0], &[field, dim], "i64");
                let index = self.to_index(value);
                self.result(op, index);
            }
            WrapOp::TensorOffset => {
                let value = self.header_field(operands[0], &[HEADER_OFFSET], "i64");
                let index = self.to_index(value);
                self.result(op, index);
            }
            WrapOp::MarkDynamic => {
                for dim in views::reported(op, MarkDynamicOp::new)?.dims() {
                    let dim = self.const_int(dim, "i64");
                    self.checked(RuntimeFn::MarkDynamic, &[operands[0], dim]);
                }
            }
            WrapOp::Null => {
                let null = self.null();
                self.nulls.insert(key(null));
                self.result(op, null);
            }
            WrapOp::CallCompiled => self.lower_call(op, &operands)?,
            WrapOp::Alloc => {
                let value = self.lower_alloc(op, &operands)?;
                self.result(op, value);
            }
            WrapOp::EmptyStrided => {
                let value = self.lower_empty_strided(op, &operands)?;
                self.result(op, value);
            }
            WrapOp::Free => {
                let value = operands[0];
                if !self.unwind.disown(value) {
                    return ir::fail(
                        op,
                        "wrap.free of a tensor this function does not own (an argument, or freed twice)",
                    );
                }
                self.call(RuntimeFn::TensorRelease, &[value]);
                self.dead.insert(key(value));
            }
            WrapOp::Reuse => {
                let value = self.lower_reuse(op, &operands)?;
                self.result(op, value);
            }
            WrapOp::AssertFinite => {
                let label = views::reported(op, AssertFiniteOp::new)?.name();
                let label = self.c_string(&label);
                self.checked(RuntimeFn::AssertFinite, &[operands[0], label]);
            }
            WrapOp::AssertSizeStride => {
                let rank = TensorTypeInfo::from_type(op.operand(0).unwrap().r#type()).unwrap().rank();
                let (sizes, strides, _) = self.mixed_lists(op, &operands[1..])?;
                let rank = self.const_int(rank as i64, "i64");
                let (sizes, strides) = (self.i64_array(&sizes), self.i64_array(&strides));
                self.checked(RuntimeFn::AssertSizeStride, &[operands[0], rank, sizes, strides]);
            }
            WrapOp::DeviceGuard => self.lower_device_guard(op, results)?,
            WrapOp::Launch => self.lower_launch(op, &operands)?,
            WrapOp::ExternCall => self.lower_extern_call(op, &operands)?,
            WrapOp::LazyLaunch => self.lower_lazy_launch(op, &operands)?,
            WrapOp::SubclassCheckType => self.lower_subclass_check_type(op, operands[0])?,
            WrapOp::SubclassUnwrap => self.lower_subclass_unwrap(op, operands[0])?,
            WrapOp::SubclassWrap => self.lower_subclass_wrap(op, &operands)?,
            WrapOp::CheckSameTensor => self.lower_check_same_tensor(op, &operands)?,
            WrapOp::SyntheticBase => {
                // One runtime call decides the base as merge_view_inputs
                // does and checks it has the compiled sizes.
                let base = TensorTypeInfo::from_type(op.result(0).unwrap().r#type()).unwrap();
                let sizes: Vec<i64> = base.shape.iter().map(|&d| if d == DYNAMIC { -1 } else { d }).collect();
                let members = self.ptr_array(&operands);
                let view = views::reported(op, SyntheticBaseOp::new)?;
                let args = self.constant_array(view.args());
                let n = self.const_int(operands.len() as i64, "i64");
                let trace_joint = self.const_int(i64::from(view.trace_joint()), "i8");
                let rank = self.const_int(sizes.len() as i64, "i64");
                let sizes = if sizes.is_empty() { self.null() } else { self.constant_array(sizes) };
                let value = self.new_ref(RuntimeFn::SyntheticBase, &[members, args, n, trace_joint, rank, sizes]);
                self.result(op, value);
            }
            WrapOp::RuntimeWrapper
            | WrapOp::SubclassWrapper
            | WrapOp::DedupeWrapper
            | WrapOp::SyntheticBaseWrapper
            | WrapOp::ApplyMutation
            | WrapOp::ReplayAlias => {
                return ir::fail(op, &format!("'{}' must be specialized before convert-wrap-to-llvm", kind.name()));
            }
            WrapOp::Kernel => return ir::fail(op, "a kernel is declared at module level, not inside a function"),
        }
        Ok(())
    }

    /// `wrap.check_same_tensor`: one pointer comparison; the message is set
    /// only on the failure path.
    fn lower_check_same_tensor(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let check = views::reported(op, CheckSameTensorOp::new)?;
        let (duplicate, original) = (check.duplicate(), check.original());
        let message = self.c_string(&wrapc_dialects::duplicate_message(duplicate, original));
        let differ = self.icmp(CmpiPredicate::Ne, operands[0], operands[1]);
        let status = self.const_int(i64::from(wrapc_abi::Status::Arg.code()), "i32");
        self.branch_to_failure_with_message(differ, status, message);
        Ok(())
    }

    pub(super) fn clone_op(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) {
        let copy = self.block.append_operation(clone_operation(op));
        let mut copy_mut = ir::as_mut(copy);
        for (i, v) in operands.iter().enumerate() {
            copy_mut.set_operand(i, *v);
        }
        for i in 0..op.result_count() {
            self.bind(op.result(i).unwrap().into(), copy.result(i).unwrap().into());
        }
    }

    /// Static entries become constants, `?` entries the next dynamic
    /// operand; no offset is a constant 0.
    pub(super) fn mixed_lists(
        &self,
        op: OperationRef,
        dynamic: &[Value<'c, 'a>],
    ) -> Result<(Vec<Value<'c, 'a>>, Vec<Value<'c, 'a>>, Value<'c, 'a>), Reported> {
        let geometry = views::reported(op, StaticGeometry::of)?;
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
        let sizes = fill(geometry.sizes);
        let strides = fill(geometry.strides);
        let offset = match geometry.offset {
            Some(offset) => fill(vec![offset]).remove(0),
            None => self.const_int(0, "i64"),
        };
        Ok((sizes, strides, offset))
    }

    pub(super) fn lower_strided_view(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
        let (sizes, strides, offset) = self.mixed_lists(op, &operands[1..])?;
        let rank = self.const_int(sizes.len() as i64, "i64");
        let (sizes, strides) = (self.i64_array(&sizes), self.i64_array(&strides));
        Ok(self.new_ref(RuntimeFn::AsStrided, &[operands[0], rank, sizes, strides, offset]))
    }

    pub(super) fn result_tensor_type(&self, op: OperationRef<'c, '_>) -> TensorTypeInfo<'c> {
        TensorTypeInfo::from_type(op.result(0).unwrap().r#type()).expect("verified tensor result")
    }

    pub(super) fn empty_strided(
        &mut self,
        info: &TensorTypeInfo<'c>,
        sizes: &[Value<'c, 'a>],
        strides: &[Value<'c, 'a>],
        device_index: i64,
    ) -> Value<'c, 'a> {
        let dtype = self.const_int(dtype_code(info.element_type).unwrap_or(-1), "i32");
        let device = self.const_int(i64::from(info.device == DeviceKind::Cuda), "i32");
        let index = self.const_int(device_index, "i32");
        let rank = self.const_int(sizes.len() as i64, "i64");
        let (sizes, strides) = (self.i64_array(sizes), self.i64_array(strides));
        self.new_ref(RuntimeFn::EmptyStrided, &[dtype, device, index, rank, sizes, strides])
    }

    pub(super) fn lower_alloc(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
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
        let device_index = views::reported(op, AllocOp::new)?.device_index();
        Ok(self.empty_strided(&info, &sizes, &strides, device_index))
    }

    /// Row-major strides, computed at run time where sizes are dynamic.
    pub(super) fn contiguous_strides(&self, sizes: &[Value<'c, 'a>]) -> Vec<Value<'c, 'a>> {
        let mut strides = vec![self.const_int(1, "i64"); sizes.len()];
        for k in (0..sizes.len().saturating_sub(1)).rev() {
            strides[k] = self.muli(strides[k + 1], sizes[k + 1]);
        }
        strides
    }

    pub(super) fn lower_empty_strided(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
        let info = self.result_tensor_type(op);
        let (sizes, strides, _) = self.mixed_lists(op, operands)?;
        let device_index = views::reported(op, EmptyStridedOp::new)?.device_index();
        Ok(self.empty_strided(&info, &sizes, &strides, device_index))
    }

    /// `wrt_extern_call(op, spec, cells, n, results, n_results)`: every
    /// operand in an 8-byte cell (a tensor handle, or an integer as i64),
    /// and the operator's new tensors back as owned handles.
    fn lower_extern_call(&mut self, op: OperationRef<'c, '_>, operands: &[Value<'c, 'a>]) -> PassResult {
        let call = views::reported(op, ExternCallOp::new)?;
        let (name, spec) = (call.op(), call.spec());
        let cells = self.alloca(PTR, operands.len().max(1) as i64);
        for (k, &value) in operands.iter().enumerate() {
            let slot = self.gep(cells, PTR, k as i64);
            let ty = value.r#type().to_string();
            let cell = match ty.as_str() {
                PTR => value,
                "index" => self.to_i64(value),
                _ => self.extsi_to_i64(value),
            };
            self.store(cell, slot);
        }
        let n_results = op.result_count();
        let results = self.alloca(PTR, n_results.max(1) as i64);
        let (name, spec) = (self.c_string(&name), self.c_string(&spec));
        let (n, n_out) = (self.const_int(operands.len() as i64, "i64"), self.const_int(n_results as i64, "i64"));
        self.checked(RuntimeFn::ExternCall, &[name, spec, cells, n, results, n_out]);
        for j in 0..n_results {
            let slot = self.gep(results, PTR, j as i64);
            let value = self.load(slot, PTR);
            self.unwind.own(value);
            self.bind(op.result(j).unwrap().into(), value);
        }
        Ok(())
    }

    pub(super) fn lower_reuse(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
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
        let value = self.new_ref(RuntimeFn::AsStrided, &[operands[0], rank, sizes, strides, offset]);
        // The source buffer is dead from here on: drop this function's reference.
        self.dead.insert(key(operands[0]));
        if self.unwind.disown(operands[0]) {
            self.call(RuntimeFn::TensorRelease, &[operands[0]]);
        }
        Ok(value)
    }
}
