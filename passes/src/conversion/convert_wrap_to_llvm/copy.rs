//! `wrap.copy_inplace` and `wrap.detach_copy_inplace`: the mutation
//! epilogue's data movement. A copy between two host tensors of one static
//! shape and dtype that still have that shape and are contiguous at run
//! time is a `memmove` and an atomic version bump inline (what the runtime's
//! own fast path does, without the call and its locks); anything else —
//! another device, other sizes or a strided layout at run time, a dtype
//! conversion, broadcasting, dynamic sizes — calls the runtime, which also
//! handles embedder (torch) memory on a GPU. So does a copy autograd
//! records (`autograd`): only the embedder's `copy_` gives `orig` its
//! `grad_fn`; and a copy into a leaf (`leaf`), whose detach the runtime
//! decides from `orig.requires_grad` (`wrt_leaf_copy_`).

use melior::dialect::ods;
use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::{Block, RegionLike, Value, ValueLike};
use wrapc_abi::RuntimeFn;
use wrapc_dialects::views::CopyInplaceOp;
use wrapc_dialects::{DeviceKind, TensorTypeInfo};

use super::abi::*;
use super::builder::{AtomicBinOp, AtomicOrdering};
use super::FnLowering;
use crate::ir::PassResult;

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
    /// `dst.copy_(src)` (or `dst.detach().copy_(src)`, the same data
    /// movement and bump: a detached alias shares the version counter).
    pub(super) fn lower_copy(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
        runtime: RuntimeFn,
    ) -> PassResult {
        let Some(shape) = inline_copy_shape(op) else {
            self.checked(runtime, operands);
            return Ok(());
        };
        let (dst, src) = (operands[0], operands[1]);
        let info = TensorTypeInfo::from_type(op.operand(0).expect("two operands").r#type()).expect("a tensor");
        // The static shape still holds at run time: an earlier step of the
        // wrapper (a metadata mutation's as_strided_ or set_) may have given
        // either tensor another rank, sizes or storage, and the memmove's
        // length comes from the static shape.
        let mut contiguous = self.const_int(1, "i1");
        let rank = self.const_int(shape.len() as i64, "i64");
        for tensor in [dst, src] {
            let have = self.header_field(tensor, &[HEADER_RANK], "i64");
            let same = self.cmp_eq(have, rank);
            contiguous = self.and(contiguous, same);
            for (d, &size) in shape.iter().enumerate() {
                let expected = self.const_int(size, "i64");
                let have = self.header_field(tensor, &[HEADER_SIZES, d as i32], "i64");
                let same = self.cmp_eq(have, expected);
                contiguous = self.and(contiguous, same);
            }
        }
        // Contiguous at run time: every dimension of more than one element
        // has its row-major stride (PyTorch's is_contiguous rule).
        let mut stride = 1;
        for (d, &size) in shape.iter().enumerate().rev() {
            if size > 1 {
                let expected = self.const_int(stride, "i64");
                for tensor in [dst, src] {
                    let have = self.header_field(tensor, &[HEADER_STRIDES, d as i32], "i64");
                    let same = self.cmp_eq(have, expected);
                    contiguous = self.and(contiguous, same);
                }
            }
            stride *= size.max(1);
        }
        let fast = self.region.append_block(Block::new(&[]));
        let slow = self.region.append_block(Block::new(&[]));
        let done = self.region.append_block(Block::new(&[]));
        self.branch(contiguous, fast, slow);

        self.block = fast;
        let bytes = self.const_int(shape.iter().product::<i64>() * info.element_bytes, "i64");
        let (to, from) = (self.data_address(dst, &info), self.data_address(src, &info));
        // memmove: source and destination may overlap (one storage).
        let memmove = ods::llvm::MemmoveOperation::builder(self.context, self.location)
            .dst(to)
            .src(from)
            .len(bytes)
            .is_volatile(IntegerAttribute::new(self.ty("i1"), 0))
            .build();
        self.b().insert(memmove);
        let counter = self.header_field(dst, &[HEADER_VERSION], PTR);
        let one = self.const_int(1, "i64");
        self.atomic_rmw(AtomicBinOp::Add, counter, one, AtomicOrdering::SequentiallyConsistent);
        self.jump(done);

        self.block = slow;
        self.checked(runtime, operands);
        self.jump(done);
        self.block = done;
        Ok(())
    }
}

/// The static shape of a copy that may run inline: both operands host
/// tensors of the same static shape and element type.
fn inline_copy_shape(op: OperationRef) -> Option<Vec<i64>> {
    // Only wrap.copy_inplace has the flag (not wrap.detach_copy_inplace).
    if CopyInplaceOp::new(op).is_ok_and(|copy| copy.autograd()) {
        return None;
    }
    let dst = TensorTypeInfo::from_type(op.operand(0).ok()?.r#type())?;
    let src = TensorTypeInfo::from_type(op.operand(1).ok()?.r#type())?;
    let host = dst.device == DeviceKind::Host && src.device == DeviceKind::Host;
    let same = dst.shape == src.shape && dst.element_type == src.element_type;
    (host && same && dst.shape.iter().all(|&s| s >= 0)).then_some(dst.shape)
}
