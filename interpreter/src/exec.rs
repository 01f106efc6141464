//! Level-2 and level-3 functions, run op by op.

use std::collections::HashMap;

use melior::ir::block::BlockLike;
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{BlockRef, RegionLike, Type, ValueLike};
use wrapc_dialects::ir::{self, ValueId};
use wrapc_dialects::views::arith::ConstantOp;
use wrapc_dialects::views::{
    AllocOp, ApplyMutationOp, AssertFiniteOp, CallCompiledOp, CheckSameTensorOp, CoerceLayoutOp, CopyInplaceOp,
    EmptyStridedOp, ExternCallOp, MarkDifferentiableOp, MarkDynamicOp, PatchRequiresGradOp, SetRequiresGradOp,
    StaticGeometry, SubclassUnwrapOp, SyntheticBaseOp, TensorSizeOp, TensorStrideOp, ViewError,
};
use wrapc_dialects::{tangent_layout, InputInfo, OutputInfo, SubclassInfo, TensorTypeInfo, WrapOp, DYNAMIC};
use wrapc_runtime::{Device, Tensor};

use crate::level1::{self, as_tensor, dtype_of, expect_subclass};
use crate::value::Value;
use crate::{InterpError, Interpreter, Result};

/// SSA values of one function activation, keyed by their MLIR identity.
#[derive(Default)]
struct Frame {
    values: HashMap<ValueId, Value>,
}

impl Frame {
    fn get(&self, op: OperationRef, value: melior::ir::Value) -> Result<Value> {
        self.values
            .get(&ValueId::of(value))
            .cloned()
            .ok_or_else(|| InterpError::at(op, "use of a value that was freed or never defined"))
    }
}

pub(crate) fn run_function(interp: &Interpreter, function: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let entry = function
        .region(0)
        .ok()
        .and_then(|r| r.first_block())
        .ok_or_else(|| InterpError::at(function, "function has no body"))?;
    if entry.argument_count() != args.len() {
        return Err(InterpError::at(
            function,
            format!("expected {} arguments, got {}", entry.argument_count(), args.len()),
        ));
    }
    let mut frame = Frame::default();
    for (i, arg) in args.iter().enumerate() {
        frame.values.insert(ValueId::of(entry.argument(i).unwrap()), arg.clone());
    }
    match run_block(interp, entry, &mut frame)? {
        Some(results) => Ok(results),
        None => Err(InterpError::at(function, "function body ended without func.return")),
    }
}

/// Runs the ops of `block`; `Some` holds the values of a `func.return`.
fn run_block(interp: &Interpreter, block: BlockRef, frame: &mut Frame) -> Result<Option<Vec<Value>>> {
    let mut next = block.first_operation();
    while let Some(op) = next {
        let operands =
            (0..op.operand_count()).map(|i| frame.get(op, op.operand(i).unwrap())).collect::<Result<Vec<_>>>()?;
        let name = op.name().as_string_ref().as_str().unwrap_or("").to_string();
        if name == "func.return" {
            return Ok(Some(operands));
        }
        let kind = WrapOp::of(&op);
        let results = if kind == Some(WrapOp::DeviceGuard) {
            // Host execution has one device; the guard only scopes the body.
            let body = op.region(0).ok().and_then(|r| r.first_block());
            if let Some(body) = body {
                run_block(interp, body, frame)?;
            }
            vec![]
        } else {
            run_op(interp, op, &name, &operands)?
        };
        if matches!(kind, Some(WrapOp::Free | WrapOp::Reuse)) {
            frame.values.remove(&ValueId::of(op.operand(0).unwrap()));
        }
        if results.len() != op.result_count() {
            return Err(InterpError::at(
                op,
                format!("produced {} values where the IR has {} results", results.len(), op.result_count()),
            ));
        }
        for (i, value) in results.into_iter().enumerate() {
            frame.values.insert(ValueId::of(op.result(i).expect("counted above")), value);
        }
        next = op.next_in_block();
    }
    Ok(None)
}

fn run_op(interp: &Interpreter, op: OperationRef, name: &str, operands: &[Value]) -> Result<Vec<Value>> {
    match WrapOp::of(&op) {
        Some(kind) => run_wrap_op(interp, op, kind, operands),
        None => run_upstream_op(interp, op, name, operands),
    }
}

/// The upstream ops a wrapper or a host payload uses outside wrap ops.
fn run_upstream_op(interp: &Interpreter, op: OperationRef, name: &str, operands: &[Value]) -> Result<Vec<Value>> {
    match name {
        "arith.constant" => constant(op),
        "func.call" => {
            let callee = view(op, wrapc_dialects::views::callee(op))?;
            interp.call_inner(&callee, operands)
        }
        other => crate::payload::symint_op(op, other, operands)
            .unwrap_or_else(|| Err(InterpError::at(op, format!("the interpreter does not support '{other}'")))),
    }
}

/// Every wrap op, matched exhaustively: a new op in WrapOps.td does not
/// compile until it has a case here.
fn run_wrap_op(interp: &Interpreter, op: OperationRef, kind: WrapOp, operands: &[Value]) -> Result<Vec<Value>> {
    let rt = |e: wrapc_runtime::RuntimeError| InterpError::at(op, e.to_string());
    let tensor = |i: usize| as_tensor(op, &operands[i], &format!("operand #{i}"));
    // bump_version and copy_inplace also act on subclass instances.
    let tensor_like = |i: usize| level1::tensor_like(op, &operands[i], &format!("operand #{i}"));
    let none = Ok(vec![]);
    match kind {
        WrapOp::CallCompiled => {
            let callee = view(op, CallCompiledOp::new(op))?.callee();
            interp.call_inner(&callee, operands)
        }
        WrapOp::GradModeGet => Ok(vec![Value::Bool(wrapc_runtime::grad_enabled())]),
        WrapOp::GradModeSet => match operands[0] {
            Value::Bool(enabled) => {
                wrapc_runtime::set_grad_enabled(enabled);
                none
            }
            _ => Err(InterpError::at(op, "grad mode must be an i1")),
        },
        WrapOp::BumpVersion => {
            tensor_like(0)?.bump_version();
            none
        }
        WrapOp::Detach => Ok(vec![Value::Tensor(tensor(0)?.detach())]),
        WrapOp::CoerceLayout => {
            let layout = tangent_layout(view(op, CoerceLayoutOp::new(op))?.layout())
                .ok_or_else(|| InterpError::at(op, "malformed wrap.coerce_layout: a bad layout"))?;
            Ok(vec![Value::Tensor(tensor(0)?.coerce_layout(&layout).map_err(rt)?)])
        }
        WrapOp::SetRequiresGrad => {
            tensor(0)?.set_requires_grad(view(op, SetRequiresGradOp::new(op))?.requires_grad()).map_err(rt)?;
            none
        }
        WrapOp::PatchRequiresGrad => {
            let target = view(op, PatchRequiresGradOp::new(op))?.requires_grad();
            Ok(vec![Value::Tensor(level1::patch_requires_grad(tensor(0)?, &tensor(1)?, target).map_err(rt)?)])
        }
        WrapOp::ApplyMutation => {
            let mutation = view(op, ApplyMutationOp::new(op))?;
            let info = InputInfo::from_attribute(mutation.info()).ok_or_else(|| InterpError::at(op, "bad 'info'"))?;
            level1::apply_mutation(&tensor(0)?, &tensor(1)?, &info, mutation.trace_joint()).map_err(rt)?;
            none
        }
        WrapOp::SetStorage => tensor(0)?.set_(&tensor(1)?).map_err(rt).map(|_| vec![]),
        WrapOp::AsStridedInplace => {
            let src = tensor(1)?;
            tensor(0)?.as_strided_(&src.sizes(), &src.strides(), src.storage_offset()).map_err(rt).map(|_| vec![])
        }
        WrapOp::CopyInplace if view(op, CopyInplaceOp::new(op))?.leaf() => {
            tensor(0)?.leaf_copy_(&tensor(1)?).map_err(rt).map(|_| vec![])
        }
        WrapOp::CopyInplace => tensor_like(0)?.copy_(&tensor_like(1)?).map_err(rt).map(|_| vec![]),
        WrapOp::DetachCopyInplace => tensor(0)?.detach().copy_(&tensor(1)?).map_err(rt).map(|_| vec![]),
        WrapOp::ReplayAlias => {
            let info = ir::attribute(op, "info")
                .and_then(OutputInfo::from_attribute)
                .ok_or_else(|| InterpError::at(op, "bad 'info'"))?;
            let base = if operands.len() > 1 { Some(tensor(1)?) } else { None };
            Ok(vec![Value::Tensor(level1::replay_alias(&tensor(0)?, base.as_ref(), &info).map_err(rt)?)])
        }
        WrapOp::AsStrided | WrapOp::Reinterpret => {
            let (sizes, strides, offset) = mixed_view(op, &operands[1..])?;
            Ok(vec![Value::Tensor(tensor(0)?.as_strided(&sizes, &strides, offset).map_err(rt)?)])
        }
        WrapOp::ViewDtype => {
            let dtype = result_dtype(op)?;
            Ok(vec![Value::Tensor(tensor(0)?.view_dtype(dtype).map_err(rt)?)])
        }
        WrapOp::TensorSize | WrapOp::TensorStride => {
            let t = tensor(0)?;
            let dim = match kind {
                WrapOp::TensorSize => view(op, TensorSizeOp::new(op))?.dim(),
                _ => view(op, TensorStrideOp::new(op))?.dim(),
            };
            let dim = usize::try_from(dim).map_err(|_| InterpError::at(op, format!("dimension {dim} out of range")))?;
            let values = if kind == WrapOp::TensorSize { t.sizes() } else { t.strides() };
            values
                .get(dim)
                .map(|&v| vec![Value::Int(v)])
                .ok_or_else(|| InterpError::at(op, format!("dimension {dim} out of range")))
        }
        WrapOp::TensorOffset => Ok(vec![Value::Int(tensor(0)?.storage_offset())]),
        WrapOp::MarkDifferentiable => {
            tensor(0)?.mark_differentiable(view(op, MarkDifferentiableOp::new(op))?.differentiable());
            none
        }
        WrapOp::MarkDynamic => {
            let t = tensor(0)?;
            for d in view(op, MarkDynamicOp::new(op))?.dims() {
                t.mark_dynamic(d).map_err(rt)?;
            }
            none
        }
        WrapOp::Null => Ok(vec![Value::Null]),
        WrapOp::SubclassCheckType => {
            let info = subclass_type(op, op.operand(0).unwrap().r#type())?;
            expect_subclass(op, &operands[0], &info.name).map(|_| vec![])
        }
        WrapOp::SubclassUnwrap => {
            let info = subclass_type(op, op.operand(0).unwrap().r#type())?;
            let value = expect_subclass(op, &operands[0], &info.name)?;
            let parts = value.subclass_parts().expect("checked by expect_subclass");
            let mut inner: Vec<Value> = parts
                .attrs()
                .iter()
                .map(|(_, t)| Value::from_native(t.clone(), false))
                .collect::<std::result::Result<_, _>>()
                .map_err(rt)?;
            if view(op, SubclassUnwrapOp::new(op))?.symints() {
                inner.extend(level1::dynamic_outer_sizes(&info, &value));
            }
            Ok(inner)
        }
        WrapOp::SubclassWrap => subclass_wrap(op, operands),
        WrapOp::Alloc => {
            let ty = tensor_type(op)?;
            let sizes = fill_dynamic(op, &ty.shape, operands)?;
            let device = device(&ty, view(op, AllocOp::new(op))?.device_index());
            Ok(vec![Value::Tensor(Tensor::empty(&sizes, result_dtype(op)?, device).map_err(rt)?)])
        }
        WrapOp::EmptyStrided => {
            let (sizes, strides, _) = mixed_view(op, operands)?;
            let ty = tensor_type(op)?;
            let device = device(&ty, view(op, EmptyStridedOp::new(op))?.device_index());
            Ok(vec![Value::Tensor(Tensor::empty_strided(&sizes, &strides, result_dtype(op)?, device).map_err(rt)?)])
        }
        WrapOp::Free => none,
        WrapOp::Reuse => {
            let ty = tensor_type(op)?;
            if ty.shape.contains(&DYNAMIC) {
                return Err(InterpError::at(op, "the interpreter reuses buffers only for static shapes"));
            }
            let strides = contiguous_strides(&ty.shape);
            let source = tensor(0)?;
            let dtype = result_dtype(op)?;
            let reused = if source.dtype() == dtype { source } else { source.view_dtype(dtype).map_err(rt)? };
            Ok(vec![Value::Tensor(reused.as_strided(&ty.shape, &strides, 0).map_err(rt)?)])
        }
        WrapOp::AssertFinite => {
            let t = tensor(0)?;
            if t.to_f64_vec().map_err(rt)?.iter().all(|v| v.is_finite()) {
                none
            } else {
                let label = view(op, AssertFiniteOp::new(op))?.name();
                Err(InterpError::at(op, format!("'{label}' holds NaN or Inf")))
            }
        }
        WrapOp::AssertSizeStride => {
            let t = tensor(0)?;
            let (sizes, strides, _) = mixed_view(op, &operands[1..])?;
            if t.sizes() == sizes && t.strides() == strides {
                none
            } else {
                Err(InterpError::at(
                    op,
                    format!(
                        "expected sizes {sizes:?} strides {strides:?}, got sizes {:?} strides {:?}",
                        t.sizes(),
                        t.strides()
                    ),
                ))
            }
        }
        WrapOp::Launch => crate::payload::launch(op, operands).map(|()| vec![]),
        WrapOp::ExternCall => Err(InterpError::at(
            op,
            format!(
                "extern call '{}': the interpreter has no embedding framework to call it in",
                view(op, ExternCallOp::new(op))?.op()
            ),
        )),
        // Run by run_block, which scopes its body.
        WrapOp::DeviceGuard => Err(InterpError::at(op, "a device guard runs as a region, not as an op")),
        WrapOp::LazyLaunch => Err(InterpError::at(
            op,
            "a lazy launch is wrap-lower-lazy-launch's GPU form; interpret the module before that pass",
        )),
        WrapOp::SyntheticBase => {
            let members = (0..operands.len()).map(tensor).collect::<Result<Vec<_>>>()?;
            let sizes: Vec<i64> = tensor_type(op)?.shape.iter().map(|&d| if d == DYNAMIC { -1 } else { d }).collect();
            let synthetic = view(op, SyntheticBaseOp::new(op))?;
            let base = Tensor::synthetic_base(&members, &synthetic.args(), synthetic.trace_joint(), &sizes);
            Ok(vec![Value::Tensor(base.map_err(rt)?)])
        }
        WrapOp::CheckSameTensor => {
            let check = view(op, CheckSameTensorOp::new(op))?;
            let (duplicate, original) = (check.duplicate(), check.original());
            crate::level1::check_duplicate(op, &tensor(0)?, &tensor(1)?, duplicate, original)?;
            none
        }
        WrapOp::RuntimeWrapper
        | WrapOp::SubclassWrapper
        | WrapOp::DedupeWrapper
        | WrapOp::SyntheticBaseWrapper
        | WrapOp::BackwardWrapper
        | WrapOp::Kernel => {
            Err(InterpError::at(op, format!("'{}' declares a symbol; it is called, not run in a block", kind.name())))
        }
    }
}

/// An op's typed view, its error at `op`.
fn view<V>(op: OperationRef, made: std::result::Result<V, ViewError>) -> Result<V> {
    made.map_err(|e| InterpError::at(op, e.to_string()))
}

fn constant(op: OperationRef) -> Result<Vec<Value>> {
    let result_type = op.result(0).map_err(|_| InterpError::at(op, "constant without result"))?.r#type();
    let value = ir::integer(view(op, ConstantOp::new(op))?.value())
        .ok_or_else(|| InterpError::at(op, "only integer constants are supported"))?;
    let boolean = IntegerType::try_from(result_type).is_ok_and(|t| t.width() == 1);
    Ok(vec![if boolean { Value::Bool(value != 0) } else { Value::Int(value) }])
}

/// `shape` with each `?` replaced by the next of `dynamic` (index values).
fn fill_dynamic(op: OperationRef, shape: &[i64], dynamic: &[Value]) -> Result<Vec<i64>> {
    let mut next = dynamic.iter();
    shape.iter().map(|&d| if d == DYNAMIC { int(op, next.next()) } else { Ok(d) }).collect()
}

fn int(op: OperationRef, value: Option<&Value>) -> Result<i64> {
    match value {
        Some(Value::Int(v)) => Ok(*v),
        _ => Err(InterpError::at(op, "expected an index operand")),
    }
}

/// Sizes, strides and (optionally) offset of a mixed static/dynamic list
/// op; dynamic entries come from `dynamic` in order.
fn mixed_view(op: OperationRef, dynamic: &[Value]) -> Result<(Vec<i64>, Vec<i64>, i64)> {
    let geometry = view(op, StaticGeometry::of(op))?;
    let mut next = dynamic.iter();
    let mut fill = |statics: Vec<i64>| -> Result<Vec<i64>> {
        statics.into_iter().map(|v| if v == DYNAMIC { int(op, next.next()) } else { Ok(v) }).collect()
    };
    let sizes = fill(geometry.sizes)?;
    let strides = fill(geometry.strides)?;
    let offset = match geometry.offset {
        Some(offset) => fill(vec![offset])?[0],
        None => 0,
    };
    Ok((sizes, strides, offset))
}

fn tensor_type<'c>(op: OperationRef<'c, '_>) -> Result<TensorTypeInfo<'c>> {
    let ty = op.result(0).map_err(|_| InterpError::at(op, "no result"))?.r#type();
    TensorTypeInfo::from_type(ty).ok_or_else(|| InterpError::at(op, "result is not a tensor"))
}

fn result_dtype(op: OperationRef) -> Result<wrapc_runtime::DType> {
    let ty = op.result(0).map_err(|_| InterpError::at(op, "no result"))?.r#type();
    dtype_of(ty).ok_or_else(|| InterpError::at(op, format!("unsupported element type in {ty}")))
}

/// The device of a new tensor of type `ty`, on CUDA device `index` (the
/// allocation's `device_index`, verified to fit).
fn device(ty: &TensorTypeInfo, index: i64) -> Device {
    match ty.device {
        wrapc_dialects::DeviceKind::Host => Device::Host,
        wrapc_dialects::DeviceKind::Cuda => Device::Cuda(index as i32),
    }
}

fn subclass_type<'c>(op: OperationRef, ty: Type<'c>) -> Result<SubclassInfo<'c>> {
    SubclassInfo::from_type(ty).ok_or_else(|| InterpError::at(op, "expected a subclass type"))
}

fn subclass_wrap(op: OperationRef, operands: &[Value]) -> Result<Vec<Value>> {
    let ty = op.result(0).map_err(|_| InterpError::at(op, "no result"))?.r#type();
    let info = subclass_type(op, ty)?;
    let (inner, sizes) = operands.split_at(info.attrs.len().min(operands.len()));
    let attrs = info.attrs.iter().map(|(n, _)| n.clone()).zip(inner.iter().cloned()).collect();
    let outer_sizes = fill_dynamic(op, &info.outer_shape, sizes)?;
    let dtype = crate::level1::element_dtype(op, info.element_type)?;
    Ok(vec![Value::subclass(&info.name, dtype, &outer_sizes, attrs).map_err(|e| InterpError::at(op, e.to_string()))?])
}

fn contiguous_strides(shape: &[i64]) -> Vec<i64> {
    let mut strides = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        strides[i] = strides[i + 1] * shape[i + 1].max(1);
    }
    strides
}
