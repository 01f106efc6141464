//! `wrap-inline-alias-replay` (seed 000): each `wrap.replay_alias` becomes
//! the straight-line view regeneration `_replay_aliases` and
//! `gen_alias_from_base` perform for its output type.

use melior::ir::attribute::{BoolAttribute, IntegerAttribute};
use melior::ir::operation::{OperationLike, OperationRef};
use melior::ir::r#type::IntegerType;
use melior::ir::{Type, Value, ValueLike};
use wrapc_dialects::ops::wrap;
use wrapc_dialects::views::{self, ReplayAliasOp};
use wrapc_dialects::{OutputInfo, OutputType, TensorTypeInfo, WrapOp, DYNAMIC};

use crate::ir::{self, Builder, PassResult};
use crate::Options;

pub fn run(module: OperationRef, _options: &Options) -> PassResult {
    for op in ir::collect_ops(module, WrapOp::ReplayAlias.name()) {
        let replacement = inline(op)?;
        let result: Value = op.result(0).expect("one result").into();
        ir::replace_all_uses(result, replacement);
        ir::erase(op);
    }
    Ok(())
}

fn inline<'c, 'a>(op: OperationRef<'c, 'a>) -> Result<Value<'c, 'a>, ir::Reported> {
    let Some(info) = ir::attribute(op, "info").and_then(OutputInfo::from_attribute) else {
        return ir::fail(op, "wrap.replay_alias without valid 'info' metadata");
    };
    let out: Value = op.operand(0).expect("verified operand");
    // Counted first: melior formats the whole op for an out-of-range index.
    let base: Option<Value> = if op.operand_count() > 1 { op.operand(1).ok() } else { None };
    match (info.output_type, base) {
        (kind, _) if kind.is_pass_through() => Ok(out),
        (OutputType::IsInput, Some(base)) => Ok(base),
        (_, Some(base)) => {
            let b = Builder::before(op);
            let view = regenerate_view(&b, out, base);
            let base_requires_grad = views::reported(op, ReplayAliasOp::new)?.base_requires_grad();
            Ok(patch_requires_grad(&b, &info, view, base, base_requires_grad))
        }
        (kind, None) => ir::fail(op, &format!("output of type {kind:?} needs a base to replay from")),
    }
}

/// `gen_alias_from_base` without view-function replay: a dtype view if the
/// dtypes differ, then `as_strided` with the sizes, strides and storage
/// offset of the output the graph returned at run time — what PyTorch's
/// `_replay_aliases` passes as `target_meta_tensor`. Only sizes the output's
/// type fixes are constants; the `view` recorded at trace time is not
/// trusted, so a graph whose output differs from it cannot make compiled and
/// dispatched code diverge (each read is one inline header load).
fn regenerate_view<'c, 'a>(b: &Builder<'c, 'a>, out: Value<'c, 'a>, base: Value<'c, 'a>) -> Value<'c, 'a> {
    let out_type = TensorTypeInfo::from_type(out.r#type()).expect("verified tensor");
    let base_type = TensorTypeInfo::from_type(base.r#type()).expect("verified tensor");
    let mut source = base;
    if out_type.element_type != base_type.element_type {
        // view(dtype) splits or merges the last dimension when the element
        // size changes (PyTorch's rule); its static extent follows when it
        // divides evenly. PyTorch's own fallback (as_strided on the base,
        // then view(dtype)) gives the same tensor whenever it succeeds; view
        // first also works when the element size changes, as PyTorch's view
        // replay does.
        let mut shape = base_type.shape.clone();
        let (from, to) = (base_type.element_bytes, out_type.element_bytes);
        if let Some(last) = shape.last_mut() {
            if *last != DYNAMIC && from != to {
                *last = if (*last * from) % to == 0 { *last * from / to } else { DYNAMIC };
            }
        }
        let viewed = tensor_type(b, &shape, out_type.element_type, &base_type);
        source = b.insert(wrap::view_dtype(b.context, viewed, base, b.location)).result(0).expect("one result").into();
    }
    let rank = out_type.rank();
    let (sizes, strides, offset) = (out_type.shape.clone(), vec![DYNAMIC; rank], DYNAMIC);
    let index = b.index_type();
    let first = |op: OperationRef<'c, 'a>| -> Value<'c, 'a> { op.result(0).expect("one result").into() };
    let dim = |d: usize| IntegerAttribute::new(IntegerType::new(b.context, 64).into(), d as i64);
    let dynamic_sizes: Vec<Value> = (0..rank)
        .filter(|&d| sizes[d] == DYNAMIC)
        .map(|d| first(b.insert(wrap::tensor_size(b.context, index, out, dim(d), b.location))))
        .collect();
    let dynamic_strides: Vec<Value> = (0..rank)
        .filter(|&d| strides[d] == DYNAMIC)
        .map(|d| first(b.insert(wrap::tensor_stride(b.context, index, out, dim(d), b.location))))
        .collect();
    let dynamic_offset: Vec<Value> = if offset == DYNAMIC {
        vec![first(b.insert(wrap::tensor_offset(b.context, index, out, b.location)))]
    } else {
        vec![]
    };
    let mut view = wrap::AsStridedOperation::builder(b.context, b.location)
        .base(source)
        .sizes(&dynamic_sizes)
        .strides(&dynamic_strides)
        .static_sizes(b.dense_i64(&sizes))
        .static_strides(b.dense_i64(&strides))
        .static_offset(IntegerAttribute::new(IntegerType::new(b.context, 64).into(), offset))
        .result(out.r#type());
    if let Some(&offset) = dynamic_offset.first() {
        view = view.offset(offset);
    }
    let segments = [1, dynamic_sizes.len(), dynamic_strides.len(), dynamic_offset.len()];
    b.insert_segmented(view.build(), &segments).result(0).expect("one result").into()
}

/// The last step of `gen_alias_from_base`: detach if the base requires grad
/// but the traced output did not; `requires_grad_(True)` in the opposite
/// case. When the base's flag is known (an input's metadata) the run-time
/// test folds away.
fn patch_requires_grad<'c, 'a>(
    b: &Builder<'c, 'a>,
    info: &OutputInfo<'c>,
    view: Value<'c, 'a>,
    base: Value<'c, 'a>,
    base_requires_grad: Option<bool>,
) -> Value<'c, 'a> {
    match (base_requires_grad, info.requires_grad) {
        (Some(base), target) if base == target => view,
        (Some(false), _) => {
            b.insert(wrap::set_requires_grad(b.context, view, BoolAttribute::new(b.context, true).into(), b.location));
            view
        }
        (Some(true), _) => b.insert(wrap::detach(b.context, view, b.location)).result(0).expect("one result").into(),
        (None, target) => b
            .insert(wrap::patch_requires_grad(
                b.context,
                view.r#type(),
                view,
                base,
                BoolAttribute::new(b.context, target).into(),
                b.location,
            ))
            .result(0)
            .expect("one result")
            .into(),
    }
}

fn tensor_type<'c>(b: &Builder<'c, '_>, shape: &[i64], element: Type<'c>, like: &TensorTypeInfo<'c>) -> Type<'c> {
    let dims: String = shape.iter().map(|&d| if d == DYNAMIC { "?x".to_string() } else { format!("{d}x") }).collect();
    let device = match like.device {
        wrapc_dialects::DeviceKind::Host => "",
        wrapc_dialects::DeviceKind::Cuda => ", cuda",
    };
    b.ty(&format!("!wrap.tensor<{dims}{element}{device}>"))
}
