//! Patterns for tensor views and metadata queries, and for the memory
//! plan (allocation, reuse, frees), with the helpers they share.

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationMutLike, OperationRef};
use melior::ir::{Value, ValueLike};
use wrapc_abi::{TangentLayout, STRIDED_CODE};
use wrapc_dialects::views::{
    self, AllocOp, CoerceLayoutOp, EmptyStridedOp, PatchRequiresGradOp, StaticGeometry, SyntheticBaseOp, TensorSizeOp,
    TensorStrideOp,
};
use wrapc_dialects::{tangent_layout, DeviceKind, TensorTypeInfo, WrapOp, DYNAMIC};

use super::abi::*;
use super::pattern::Pattern;
use super::FnLowering;
use crate::ir::{self, clone_operation, PassResult, Reported};

/// Views of a tensor (each a new runtime object over the same storage),
/// its metadata read inline from the header, and the null placeholder.
pub(super) struct Views;

impl Pattern for Views {
    fn ops(&self) -> &'static [WrapOp] {
        &[
            WrapOp::Detach,
            WrapOp::PatchRequiresGrad,
            WrapOp::AsStrided,
            WrapOp::Reinterpret,
            WrapOp::ViewDtype,
            WrapOp::SyntheticBase,
            WrapOp::TensorSize,
            WrapOp::TensorStride,
            WrapOp::TensorOffset,
            WrapOp::Null,
        ]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        let value = match kind {
            WrapOp::Detach => rewriter.new_ref(RuntimeFn::Detach, operands),
            WrapOp::PatchRequiresGrad => {
                let target = views::reported(op, PatchRequiresGradOp::new)?.requires_grad();
                let target = rewriter.const_int(i64::from(target), "i8");
                rewriter.new_ref(RuntimeFn::PatchRequiresGrad, &[operands[0], operands[1], target])
            }
            WrapOp::AsStrided | WrapOp::Reinterpret => rewriter.lower_strided_view(op, operands)?,
            WrapOp::ViewDtype => {
                let element = rewriter.result_tensor_type(op).element_type;
                let code = rewriter.const_int(dtype_code(element).unwrap_or(-1), "i32");
                rewriter.new_ref(RuntimeFn::ViewDtype, &[operands[0], code])
            }
            WrapOp::SyntheticBase => {
                // One runtime call decides the base as merge_view_inputs
                // does and checks it has the compiled sizes.
                let base = rewriter.result_tensor_type(op);
                let sizes: Vec<i64> = base.shape.iter().map(|&d| if d == DYNAMIC { -1 } else { d }).collect();
                let members = rewriter.ptr_array(operands);
                let view = views::reported(op, SyntheticBaseOp::new)?;
                let args = rewriter.constant_array(view.args());
                let n = rewriter.const_int(operands.len() as i64, "i64");
                let trace_joint = rewriter.const_int(i64::from(view.trace_joint()), "i8");
                let rank = rewriter.const_int(sizes.len() as i64, "i64");
                let sizes = if sizes.is_empty() { rewriter.null() } else { rewriter.constant_array(sizes) };
                rewriter.new_ref(RuntimeFn::SyntheticBase, &[members, args, n, trace_joint, rank, sizes])
            }
            WrapOp::TensorSize | WrapOp::TensorStride => {
                // Inline loads from the header (the verifier bounds `dim`).
                let (field, dim) = match kind {
                    WrapOp::TensorSize => (HEADER_SIZES, views::reported(op, TensorSizeOp::new)?.dim()),
                    _ => (HEADER_STRIDES, views::reported(op, TensorStrideOp::new)?.dim()),
                };
                let value = rewriter.header_field(operands[0], &[field, dim as i32], "i64");
                rewriter.to_index(value)
            }
            WrapOp::TensorOffset => {
                let value = rewriter.header_field(operands[0], &[HEADER_OFFSET], "i64");
                rewriter.to_index(value)
            }
            _ => rewriter.null(),
        };
        rewriter.result(op, value);
        Ok(())
    }
}

/// Inductor's memory plan: new buffers, a dead buffer reused for another
/// shape, and frees (whose reference the ownership analysis ends); and a
/// tangent's layout coercion, which allocates where it copies.
pub(super) struct Memory;

impl Pattern for Memory {
    fn ops(&self) -> &'static [WrapOp] {
        &[WrapOp::Alloc, WrapOp::EmptyStrided, WrapOp::Reuse, WrapOp::Free, WrapOp::CoerceLayout]
    }

    fn rewrite<'c, 'a>(
        &self,
        rewriter: &mut FnLowering<'c, 'a, '_>,
        op: OperationRef<'c, '_>,
        kind: WrapOp,
        operands: &[Value<'c, 'a>],
    ) -> PassResult {
        let value = match kind {
            WrapOp::Alloc => rewriter.lower_alloc(op, operands)?,
            WrapOp::EmptyStrided => rewriter.lower_empty_strided(op, operands)?,
            WrapOp::Reuse => rewriter.lower_reuse(op, operands)?,
            WrapOp::CoerceLayout => rewriter.lower_coerce_layout(op, operands)?,
            // The release is the ownership analysis's (see `lower_op`).
            _ => return Ok(()),
        };
        rewriter.result(op, value);
        Ok(())
    }
}

impl<'c, 'a, 'd> FnLowering<'c, 'a, 'd> {
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

    /// One runtime call: the memory format's code, or the traced sizes and
    /// strides as constant arrays.
    pub(super) fn lower_coerce_layout(
        &mut self,
        op: OperationRef<'c, '_>,
        operands: &[Value<'c, 'a>],
    ) -> Result<Value<'c, 'a>, Reported> {
        let layout = views::reported(op, CoerceLayoutOp::new)?.layout();
        let Some(layout) = tangent_layout(layout) else {
            return ir::fail(op, "malformed wrap.coerce_layout: a bad layout");
        };
        let (code, sizes, strides) = match layout {
            TangentLayout::Format(format) => (format.code(), Vec::new(), Vec::new()),
            TangentLayout::Strided { sizes, strides } => (STRIDED_CODE, sizes, strides),
        };
        let code = self.const_int(code.into(), "i32");
        let rank = self.const_int(sizes.len() as i64, "i64");
        let sizes = if sizes.is_empty() { self.null() } else { self.constant_array(sizes) };
        let strides = if strides.is_empty() { self.null() } else { self.constant_array(strides) };
        Ok(self.new_ref(RuntimeFn::CoerceLayout, &[operands[0], code, rank, sizes, strides]))
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
        // The source's reference ends after this op (see `lower_op`).
        Ok(self.new_ref(RuntimeFn::AsStrided, &[operands[0], rank, sizes, strides, offset]))
    }
}
