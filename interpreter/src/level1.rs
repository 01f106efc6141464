//! Level 1 by method dispatch: the metadata is read and every branch of
//! PyTorch's `_runtime_wrapper` / `AOTDispatchSubclassWrapper` /
//! `AOTDedupeWrapper` / `CompiledFunction.backward` is taken at run time,
//! exactly as the Python does.

use melior::ir::operation::OperationRef;
use melior::ir::Type;
use wrapc_dialects::views::{DedupeWrapperOp, SubclassWrapperOp, SyntheticBaseWrapperOp};
use wrapc_dialects::{
    autograd_function_marks, dedupe_args, synthetic_base_plan, BackwardWrapperInfo, DedupeArg, InputInfo, MutationType,
    OutputInfo, OutputType, RuntimeWrapperInfo, SubclassInfo, TensorTypeInfo, DYNAMIC,
};
use wrapc_runtime::{DType, Tensor};

use crate::value::Value;
use crate::{InterpError, Interpreter, Result};

pub(crate) fn run_runtime_wrapper(interp: &Interpreter, op: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let w = RuntimeWrapperInfo::read(op).map_err(|message| InterpError::at(op, message))?;
    if args.len() != w.inputs.len() {
        return Err(InterpError::at(op, format!("expected {} arguments, got {}", w.inputs.len(), args.len())));
    }
    let rt = |e: wrapc_runtime::RuntimeError| InterpError::at(op, e.to_string());
    // 1. The original inputs are kept: `args` itself.
    // 2. Version bumps for mutations the graph makes that autograd must see.
    for (i, info) in w.inputs.iter().enumerate() {
        if info.mutation_type == MutationType::MutatedInGraph && !info.flags.mutations_hidden_from_autograd {
            tensor_like_arg(op, args, i)?.bump_version();
        }
    }
    // 3–4. The call, under the grad mode PyTorch sets.
    let all_outs = if w.trace_joint {
        let mut call_args = args.to_vec();
        for &i in &w.detach_inputs {
            call_args[i] = Value::Tensor(tensor_arg(op, args, i)?.detach());
        }
        let saved = wrapc_runtime::grad_enabled();
        wrapc_runtime::set_grad_enabled(true);
        let outs = interp.call_inner(&w.callee, &call_args);
        wrapc_runtime::set_grad_enabled(saved);
        outs?
    } else {
        let grad_enabled = wrapc_runtime::grad_enabled();
        if grad_enabled {
            wrapc_runtime::set_grad_enabled(false);
        }
        let outs = interp.call_inner(&w.callee, args);
        if grad_enabled {
            wrapc_runtime::set_grad_enabled(true);
        }
        outs?
    };
    // 5. Arity.
    let mutated: Vec<usize> =
        (0..w.inputs.len()).filter(|&i| w.inputs[i].mutation_type == MutationType::MutatedOutGraph).collect();
    let expected = mutated.len() + w.outputs.len() + w.num_intermediate_bases + w.num_saved;
    if all_outs.len() != expected {
        return Err(InterpError::at(
            op,
            format!("compiled graph returned {} values, expected {expected}", all_outs.len()),
        ));
    }
    // The autograd layer of a training forward (CompiledFunction).
    if w.trace_joint {
        for (value, mark) in
            all_outs.iter().zip(autograd_function_marks(&w.inputs, &w.outputs, w.num_intermediate_bases))
        {
            if let (Value::Tensor(t), Some(differentiable)) = (value, mark) {
                t.mark_differentiable(differentiable);
            }
        }
    }
    // 6. Split.
    let (updated, rest) = all_outs.split_at(mutated.len());
    let (fw_outs, intermediate_bases) = rest.split_at(w.outputs.len());
    // 7. Mutations.
    for (k, &i) in mutated.iter().enumerate() {
        let orig = tensor_like_arg(op, args, i)?;
        let new = tensor_like(op, &updated[k], "updated input")?;
        apply_mutation(&orig, &new, &w.inputs[i], w.trace_joint).map_err(rt)?;
    }
    // 8. Aliases; intermediate bases are dropped.
    let mut ret = Vec::with_capacity(fw_outs.len());
    for (j, info) in w.outputs.iter().enumerate() {
        let out = &fw_outs[j];
        let out_tensor = match out {
            Value::Tensor(t) => t,
            // A subclass instance is passed through or is the input itself
            // (the verifier allows no view of one).
            Value::Subclass(_) => {
                ret.push(match (info.output_type, info.base_index) {
                    (OutputType::IsInput, Some(b)) => args[b].clone(),
                    _ => out.clone(),
                });
                continue;
            }
            other => {
                ret.push(other.clone());
                continue;
            }
        };
        let base = match (info.output_type, info.base_index) {
            (OutputType::IsInput | OutputType::AliasOfInput, Some(b)) => Some(tensor_arg(op, args, b)?),
            (OutputType::AliasOfIntermediateBaseIsUserOutput, Some(b)) => Some(as_tensor(op, &fw_outs[b], "base")?),
            (kind, Some(b)) if kind.is_alias_of_intermediate() => {
                Some(as_tensor(op, &intermediate_bases[b], "intermediate base")?)
            }
            _ => None,
        };
        let regenerated = replay_alias(out_tensor, base.as_ref(), info).map_err(rt)?;
        // 9. Dynamic dims.
        for &d in &info.dynamic_dims {
            regenerated.mark_dynamic(d).map_err(rt)?;
        }
        ret.push(Value::Tensor(regenerated));
    }
    // 10. The grad mode the user function left behind.
    if let Some(enabled) = w.grad_enabled_mutation {
        wrapc_runtime::set_grad_enabled(enabled);
    }
    Ok(ret)
}

/// Seed 001's loop body for one input, with PyTorch's run-time test of
/// `orig.requires_grad`.
pub(crate) fn apply_mutation(
    orig: &Tensor,
    updated: &Tensor,
    info: &InputInfo,
    trace_joint: bool,
) -> std::result::Result<(), wrapc_runtime::RuntimeError> {
    let f = info.flags;
    if !f.mutates_data && !f.mutates_metadata {
        return Ok(());
    }
    if f.mutates_storage_metadata {
        let source = if trace_joint { updated.detach() } else { updated.clone() };
        return orig.set_(&source);
    }
    if f.mutates_metadata {
        orig.as_strided_(&updated.sizes(), &updated.strides(), updated.storage_offset())?;
        if !f.mutates_data {
            return Ok(());
        }
    }
    if f.is_leaf {
        orig.leaf_copy_(updated)
    } else {
        orig.copy_(updated)
    }
}

/// One `_replay_aliases` handler; `gen_alias_from_base` reads the view from
/// the graph's output at run time.
pub(crate) fn replay_alias(
    out: &Tensor,
    base: Option<&Tensor>,
    info: &OutputInfo,
) -> std::result::Result<Tensor, wrapc_runtime::RuntimeError> {
    match (info.output_type, base) {
        (kind, _) if kind.is_pass_through() => Ok(out.clone()),
        (OutputType::IsInput, Some(base)) => Ok(base.clone()),
        (_, Some(base)) => {
            let source = if base.dtype() != out.dtype() { base.view_dtype(out.dtype())? } else { base.clone() };
            let view = source.as_strided(&out.sizes(), &out.strides(), out.storage_offset())?;
            patch_requires_grad(view, base, info.requires_grad)
        }
        (_, None) => Ok(out.clone()),
    }
}

pub(crate) fn patch_requires_grad(
    view: Tensor,
    base: &Tensor,
    target: bool,
) -> std::result::Result<Tensor, wrapc_runtime::RuntimeError> {
    if base.requires_grad() && !target {
        Ok(view.detach())
    } else if !base.requires_grad() && target {
        view.set_requires_grad(true)?;
        Ok(view)
    } else {
        Ok(view)
    }
}

fn tensor_arg(op: OperationRef, args: &[Value], i: usize) -> Result<Tensor> {
    as_tensor(op, &args[i], &format!("argument #{i}"))
}

/// A tensor or a subclass instance: what an outer runtime wrapper bumps the
/// version of and copies data back into.
fn tensor_like_arg(op: OperationRef, args: &[Value], i: usize) -> Result<Tensor> {
    tensor_like(op, &args[i], &format!("argument #{i}"))
}

pub(crate) fn tensor_like(op: OperationRef, value: &Value, what: &str) -> Result<Tensor> {
    match value {
        Value::Tensor(t) | Value::Subclass(t) => Ok(t.clone()),
        other => Err(InterpError::at(op, format!("{what} must be a tensor, got a {}", other.kind()))),
    }
}

pub(crate) fn as_tensor(op: OperationRef, value: &Value, what: &str) -> Result<Tensor> {
    match value {
        Value::Tensor(t) => Ok(t.clone()),
        other => Err(InterpError::at(op, format!("{what} must be a tensor, got a {}", other.kind()))),
    }
}

//===----------------------------------------------------------------------===//
// Subclass wrapper
//===----------------------------------------------------------------------===//

pub(crate) fn run_subclass_wrapper(interp: &Interpreter, op: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let wrapper = SubclassWrapperOp::new(op).map_err(|e| InterpError::at(op, e.to_string()))?;
    let (inputs, results) = wrapper.function_type();
    let callee = wrapper.callee();
    let frozen = wrapper.frozen().into_iter().map(usize::try_from).collect::<std::result::Result<Vec<_>, _>>();
    let frozen = frozen.map_err(|_| InterpError::at(op, "malformed wrap.subclass_wrapper: a negative frozen index"))?;
    let symints = wrapper.append_symints();
    if args.len() != inputs.len() {
        return Err(InterpError::at(op, format!("expected {} arguments, got {}", inputs.len(), args.len())));
    }
    let mut flat = Vec::new();
    for (i, (arg, &ty)) in args.iter().zip(&inputs).enumerate() {
        let subclass = SubclassInfo::from_type(ty);
        match (subclass, frozen.contains(&i)) {
            (Some(info), true) => flat.extend(info.leaf_types().iter().map(|_| Value::Null)),
            (None, true) => flat.push(Value::Null),
            (Some(info), false) => {
                let value = expect_subclass(op, arg, &info.name)?;
                unwrap_recursively(&value, &mut flat)?;
                if symints {
                    flat.extend(dynamic_outer_sizes(&info, &value));
                }
            }
            (None, false) => flat.push(arg.clone()),
        }
    }
    let outs = interp.call_inner(&callee, &flat)?;
    let mut cursor = outs.into_iter();
    results
        .iter()
        .map(|&ty| match SubclassInfo::from_type(ty) {
            Some(info) => rebuild(op, ty, &info, symints, &mut cursor),
            None => cursor.next().ok_or_else(|| InterpError::at(op, "callee returned too few values")),
        })
        .collect()
}

/// `CompiledFunction.backward` (`_backward_prologue_functional` and the
/// call): the saved values, then each kept gradient in the layout the
/// backward graph was traced with; one gradient per forward input back.
pub(crate) fn run_backward_wrapper(interp: &Interpreter, op: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let w = BackwardWrapperInfo::read(op).map_err(|message| InterpError::at(op, message))?;
    if args.len() != w.arg_types.len() {
        return Err(InterpError::at(op, format!("expected {} arguments, got {}", w.arg_types.len(), args.len())));
    }
    let mut call_args = args[..w.num_saved].to_vec();
    for (index, layout) in &w.tangents {
        let grad = tensor_arg(op, args, w.num_saved + index)?;
        let coerced = grad.coerce_layout(layout).map_err(|e| InterpError::at(op, e.to_string()))?;
        call_args.push(Value::Tensor(coerced));
    }
    let grads = interp.call_inner(&w.callee, &call_args)?;
    if grads.len() != w.result_types.len() {
        return Err(InterpError::at(
            op,
            format!(
                "the compiled backward graph returned {} gradients, expected {}",
                grads.len(),
                w.result_types.len()
            ),
        ));
    }
    Ok(grads)
}

/// `AOTDedupeWrapper`: the arguments `dupes` marks as repeats are checked
/// to be the tensor they repeat, then dropped.
pub(crate) fn run_dedupe_wrapper(interp: &Interpreter, op: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let wrapper = DedupeWrapperOp::new(op).map_err(|e| InterpError::at(op, e.to_string()))?;
    let callee = wrapper.callee();
    let plan = dedupe_args(&wrapper.dupes())
        .ok_or_else(|| InterpError::at(op, "malformed wrap.dedupe_wrapper: an invalid dupes map"))?;
    if args.len() != plan.len() {
        return Err(InterpError::at(op, format!("expected {} arguments, got {}", plan.len(), args.len())));
    }
    let mut kept: Vec<Value> = Vec::with_capacity(args.len());
    for (i, (arg, how)) in args.iter().zip(plan).enumerate() {
        match how {
            DedupeArg::Kept => kept.push(arg.clone()),
            DedupeArg::Repeats { original } => {
                let duplicate = as_tensor(op, arg, "duplicate argument")?;
                let repeated = as_tensor(op, &args[original], "duplicated argument")?;
                check_duplicate(op, &duplicate, &repeated, i as i64, original as i64)?;
            }
        }
    }
    interp.call_inner(&callee, &kept)
}

/// `AOTSyntheticBaseWrapper.post_compile`: each group of aliases becomes
/// its base (`merge_view_inputs`, decided now, as PyTorch decides on every
/// call), the callee runs on the bases and the other arguments, and merged
/// arguments whose metadata it changed get their new geometry.
pub(crate) fn run_synthetic_base_wrapper(interp: &Interpreter, op: OperationRef, args: &[Value]) -> Result<Vec<Value>> {
    let malformed = |what: &str| InterpError::at(op, format!("malformed wrap.synthetic_base_wrapper: {what}"));
    let wrapper = SyntheticBaseWrapperOp::new(op).map_err(|e| InterpError::at(op, e.to_string()))?;
    let callee = wrapper.callee();
    let plan = synthetic_base_plan(&wrapper.args()).ok_or_else(|| malformed("an invalid args map"))?;
    let callee_inputs = interp
        .lookup(&callee)
        .and_then(|c| wrapc_dialects::views::callable_type(c).ok())
        .map(|(inputs, _)| inputs)
        .ok_or_else(|| malformed("no callee signature"))?;
    let n_results = wrapper.function_type().1.len();
    let trace_joint = wrapper.trace_joint();
    let mut inner: Vec<Value> = Vec::with_capacity(callee_inputs.len());
    for (members, &ty) in plan.bases.iter().zip(&callee_inputs) {
        let tensors =
            members.iter().map(|&i| as_tensor(op, &args[i], &format!("argument #{i}"))).collect::<Result<Vec<_>>>()?;
        let sizes: Vec<i64> = TensorTypeInfo::from_type(ty)
            .ok_or_else(|| malformed("a base that is not a tensor"))?
            .shape
            .iter()
            .map(|&d| if d == DYNAMIC { -1 } else { d })
            .collect();
        let indices: Vec<i64> = members.iter().map(|&i| i as i64).collect();
        let base = Tensor::synthetic_base(&tensors, &indices, trace_joint, &sizes)
            .map_err(|e| InterpError::at(op, e.to_string()))?;
        inner.push(Value::Tensor(base));
    }
    inner.extend(plan.passed.iter().map(|&i| args[i].clone()));
    let mut outs = interp.call_inner(&callee, &inner)?;
    let updated = outs.split_off(n_results.min(outs.len()));
    for (&i, new) in wrapper.metadata_mutated().iter().zip(&updated) {
        let new = as_tensor(op, new, "new metadata")?;
        as_tensor(op, &args[i as usize], "metadata-mutated argument")?
            .as_strided_(&new.sizes(), &new.strides(), new.storage_offset())
            .map_err(|e| InterpError::at(op, e.to_string()))?;
    }
    Ok(outs)
}

/// The check `AOTDedupeWrapper` makes under `debug_assert`, with its message.
pub(crate) fn check_duplicate(
    op: OperationRef,
    duplicate: &Tensor,
    original: &Tensor,
    duplicate_index: i64,
    original_index: i64,
) -> Result<()> {
    if Tensor::same_tensor(duplicate, original) {
        return Ok(());
    }
    Err(InterpError::at(op, wrapc_dialects::duplicate_message(duplicate_index, original_index)))
}

/// The run-time type assertion of non-frozen subclass inputs.
pub(crate) fn expect_subclass(op: OperationRef, value: &Value, name: &str) -> Result<Tensor> {
    match value {
        Value::Subclass(t) => {
            t.check_subclass_type(name).map_err(|_| {
                let have = t.subclass_parts().map_or("", |p| p.type_name());
                InterpError::at(op, format!("expected a '{name}' subclass, got a '{have}'"))
            })?;
            Ok(t.clone())
        }
        other => Err(InterpError::at(op, format!("expected a '{name}' subclass, got a {}", other.kind()))),
    }
}

fn unwrap_recursively(value: &Tensor, flat: &mut Vec<Value>) -> Result<()> {
    for (_, inner) in value.subclass_parts().expect("a subclass instance").attrs() {
        if inner.is_subclass() {
            unwrap_recursively(inner, flat)?;
        } else {
            flat.push(Value::Tensor(inner.clone()));
        }
    }
    Ok(())
}

pub(crate) fn dynamic_outer_sizes(info: &SubclassInfo, value: &Tensor) -> Vec<Value> {
    info.outer_shape
        .iter()
        .zip(value.sizes())
        .filter(|(static_dim, _)| **static_dim == DYNAMIC)
        .map(|(_, size)| Value::Int(size))
        .collect()
}

fn rebuild<'c>(
    op: OperationRef,
    ty: Type<'c>,
    info: &SubclassInfo<'c>,
    symints: bool,
    flat: &mut impl Iterator<Item = Value>,
) -> Result<Value> {
    let mut attrs = Vec::new();
    for (name, attr_type) in &info.attrs {
        let value = match SubclassInfo::from_type(*attr_type) {
            Some(nested) => rebuild(op, *attr_type, &nested, false, flat)?,
            None => flat.next().ok_or_else(|| InterpError::at(op, "callee returned too few values"))?,
        };
        attrs.push((name.clone(), value));
    }
    let mut outer_sizes = info.outer_shape.clone();
    for size in outer_sizes.iter_mut().filter(|d| **d == DYNAMIC) {
        *size = match (symints, flat.next()) {
            (true, Some(Value::Int(v))) => v,
            _ => return Err(InterpError::at(op, format!("missing outer size of {ty}"))),
        };
    }
    let dtype = element_dtype(op, info.element_type)?;
    Value::subclass(&info.name, dtype, &outer_sizes, attrs).map_err(|e| InterpError::at(op, e.to_string()))
}

/// The runtime dtype of an element type.
pub(crate) fn element_dtype(op: OperationRef, element: Type) -> Result<DType> {
    runtime_dtype(element).ok_or_else(|| InterpError::at(op, format!("no runtime dtype for {element}")))
}

/// The runtime dtype of a tensor type's element type.
pub(crate) fn dtype_of(ty: Type) -> Option<DType> {
    let info = TensorTypeInfo::from_type(ty)?;
    runtime_dtype(info.element_type)
}

fn runtime_dtype(element: Type) -> Option<DType> {
    DType::from_code(wrapc_dialects::element_dtype(element)?.code())
}
