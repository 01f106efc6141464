//! Patterns for the thread's state (grad mode), a tensor's own state
//! (version counter, storage, data written in place, autograd flags) and
//! the checks a wrapper makes of its inputs.

use melior::dialect::arith::CmpiPredicate;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Value, ValueLike};
use wrapc_dialects::views::{
    self, AssertFiniteOp, CheckSameTensorOp, CopyInplaceOp, MarkDifferentiableOp, MarkDynamicOp, SetRequiresGradOp,
};
use wrapc_dialects::{TensorTypeInfo, WrapOp};

use super::abi::*;
use super::builder::{AtomicBinOp, AtomicOrdering};
use super::pattern::Pattern;
use super::FnLowering;
use crate::ir::PassResult;

/// Grad mode is the thread's flag, read and written inline through its
/// address (fetched once per call); a failure after a set puts back the
/// mode the call was entered with.
pub(super) struct ThreadState;

impl Pattern for ThreadState {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::GradModeGet, WrapOp::GradModeSet]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        if kind == WrapOp::GradModeSet {
            rewriter.restore_grad_mode_on_failure();
            let slot = rewriter.grad_mode_slot();
            let flag = rewriter.bool_to_i8(operands[0]);
            rewriter.store(flag, slot);
        } else {
            let slot = rewriter.grad_mode_slot();
            let flag = rewriter.load(slot, "i8");
            let bit = rewriter.trunci(flag, "i1");
            rewriter.result(op, bit);
        }
        Ok(())
    }
}

/// What a wrapper changes of a tensor in place.
pub(super) struct TensorState;

impl Pattern for TensorState {
    fn ops(&self) -> &'static [WrapOp] {
        &[
            WrapOp::BumpVersion,
            WrapOp::SetStorage,
            WrapOp::CopyInplace,
            WrapOp::DetachCopyInplace,
            WrapOp::AsStridedInplace,
            WrapOp::SetRequiresGrad,
            WrapOp::MarkDifferentiable,
            WrapOp::MarkDynamic,
        ]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        match kind {
            WrapOp::BumpVersion => {
                // An atomic add on the shared counter the header points at.
                let counter = rewriter.header_field(operands[0], &[HEADER_VERSION], PTR);
                let one = rewriter.const_int(1, "i64");
                rewriter.atomic_rmw(AtomicBinOp::Add, counter, one, AtomicOrdering::SequentiallyConsistent);
            }
            WrapOp::SetStorage => rewriter.checked(RuntimeFn::Set, operands),
            WrapOp::CopyInplace if views::reported(op, CopyInplaceOp::new)?.leaf() => {
                rewriter.checked(RuntimeFn::LeafCopy, operands)
            }
            WrapOp::CopyInplace => rewriter.lower_copy(op, operands, RuntimeFn::Copy)?,
            WrapOp::DetachCopyInplace => rewriter.lower_copy(op, operands, RuntimeFn::DetachCopy)?,
            WrapOp::AsStridedInplace => rewriter.checked(RuntimeFn::AsStridedLike, operands),
            WrapOp::SetRequiresGrad => {
                let flag = views::reported(op, SetRequiresGradOp::new)?.requires_grad();
                let flag = rewriter.const_int(i64::from(flag), "i8");
                rewriter.checked(RuntimeFn::SetRequiresGrad, &[operands[0], flag]);
            }
            WrapOp::MarkDifferentiable => {
                let flag = views::reported(op, MarkDifferentiableOp::new)?.differentiable();
                let flag = rewriter.const_int(i64::from(flag), "i8");
                rewriter.checked(RuntimeFn::MarkDifferentiable, &[operands[0], flag]);
            }
            _ => {
                for dim in views::reported(op, MarkDynamicOp::new)?.dims() {
                    let dim = rewriter.const_int(dim, "i64");
                    rewriter.checked(RuntimeFn::MarkDynamic, &[operands[0], dim]);
                }
            }
        }
        Ok(())
    }
}

/// Checks of a wrapper's inputs: each fails the call with the runtime's
/// message, or (a duplicate) one set only on the failure path.
pub(super) struct Checks;

impl Pattern for Checks {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::AssertFinite, WrapOp::AssertSizeStride, WrapOp::CheckSameTensor]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        match kind {
            WrapOp::AssertFinite => {
                let label = views::reported(op, AssertFiniteOp::new)?.name();
                let label = rewriter.c_string(&label);
                rewriter.checked(RuntimeFn::AssertFinite, &[operands[0], label]);
            }
            WrapOp::AssertSizeStride => {
                let rank = TensorTypeInfo::from_type(op.operand(0).unwrap().r#type()).unwrap().rank();
                let (sizes, strides, _) = rewriter.mixed_lists(op, &operands[1..])?;
                let rank = rewriter.const_int(rank as i64, "i64");
                let (sizes, strides) = (rewriter.i64_array(&sizes), rewriter.i64_array(&strides));
                rewriter.checked(RuntimeFn::AssertSizeStride, &[operands[0], rank, sizes, strides]);
            }
            _ => {
                // One pointer comparison.
                let check = views::reported(op, CheckSameTensorOp::new)?;
                let (duplicate, original) = (check.duplicate(), check.original());
                let message = rewriter.c_string(&wrapc_dialects::duplicate_message(duplicate, original));
                let differ = rewriter.icmp(CmpiPredicate::Ne, operands[0], operands[1]);
                let status = rewriter.const_int(i64::from(wrapc_abi::Status::Arg.code()), "i32");
                rewriter.branch_to_failure_with_message(differ, status, message);
            }
        }
        Ok(())
    }
}
