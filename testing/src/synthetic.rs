//! Synthetic-base layering for generated cases (`AOTSyntheticBaseWrapper`):
//! a `wrap.synthetic_base_wrapper @s` around the case's runtime wrapper
//! `@f`, whose leading tensor inputs become bases. Each base is passed to
//! `@s` as two or three aliases of one tensor: the tensor and views of it
//! (their common `_base`), views only, or same-memory tensors without a
//! `_base` (a fresh synthetic base with its own version counter). Aliases
//! and the other arguments are interleaved, one merged view may get `@f`'s
//! last output as new metadata (`metadata_mutated`), and a broken case
//! passes unrelated memory where an alias belongs.

use proptest::prelude::*;

use wrapc_interpreter::Value;
use wrapc_runtime::Tensor;

use crate::case::{fresh, input_type, output_type, views, Case, InputKind, OutputKind, N};
pub use crate::case::{AliasGroup, AliasKind, Synthetic};

/// The random part of a synthetic layer, applied by [`attach`].
pub type Choice = (u8, Vec<(u8, Vec<usize>)>, usize, bool, u8);

pub fn choice() -> impl Strategy<Value = Choice> {
    (
        0u8..10,
        prop::collection::vec((0u8..3, prop::collection::vec(0usize..6, 1..3)), 2),
        0usize..8,
        any::<bool>(),
        0u8..12,
    )
}

/// Gives `case` a synthetic-base layer when `choice` asks for one and its
/// leading inputs can be bases (tensors); may turn `@f`'s last output into
/// a merged argument's new metadata.
pub fn attach(case: &mut Case, (count, groups, rotate, metadata, broken): Choice) {
    let leading = case.inputs.iter().take_while(|i| i.0 != InputKind::Symint).count();
    let wanted = match count {
        0 | 1 => 1,
        2 => 2,
        _ => 0,
    };
    let n = wanted.min(leading).min(groups.len());
    if n == 0 {
        return;
    }
    let groups: Vec<AliasGroup> = groups
        .into_iter()
        .take(n)
        .map(|(kind, views)| {
            let kind = match kind {
                0 => AliasKind::WithBase,
                1 => AliasKind::ViewsOnly,
                _ => AliasKind::Storage,
            };
            // Views only need two to alias; the tensor itself counts for one.
            let views = if kind == AliasKind::WithBase || views.len() > 1 { views } else { vec![views[0], 0] };
            AliasGroup { kind, views }
        })
        .collect();
    // @f's metadata describes the base it gets, as AOTAutograd traces it
    // (create_synthetic_base_metadata): a root tensor (a view's `_base` is
    // always one), or for aliases without a `_base` a fresh tensor that
    // does not require grad.
    for (input, group) in case.inputs.iter_mut().zip(&groups) {
        input.2 = true;
        if group.kind == AliasKind::Storage {
            input.1 = false;
            if input.0 == InputKind::LeafRequiringGradData {
                input.0 = InputKind::DataOutOfGraph;
            }
        }
    }
    // The new metadata is a view of base 0 of the same dtype, returned last
    // (as the graph AOTSyntheticBaseWrapper traces returns it).
    let metadata_mutated = metadata && !case.outputs.is_empty();
    if let (true, Some(last)) = (metadata_mutated, case.outputs.last_mut()) {
        last.kind = OutputKind::AliasOfInput;
        last.base = 0;
        last.dtype = None;
    }
    case.synthetic = Some(Synthetic { groups, rotate, metadata_mutated, broken: broken == 0 });
}

/// `@s`'s arguments: per position, the `@f` input it stands for and the
/// view of it it is (`None`: the tensor itself).
pub fn outer(case: &Case) -> Vec<(usize, Option<usize>)> {
    let Some(layer) = &case.synthetic else { return vec![] };
    let mut args = Vec::new();
    for i in 0..case.inputs.len() {
        match layer.groups.get(i) {
            Some(group) => {
                if group.kind == AliasKind::WithBase {
                    args.push((i, None));
                }
                args.extend(group.views.iter().map(|&v| (i, Some(v))));
            }
            None => args.push((i, None)),
        }
    }
    let shift = layer.rotate % args.len();
    args.rotate_left(shift);
    args
}

/// Where `@s`'s metadata-mutated argument is: the first merged view.
fn metadata_mutated(case: &Case, outer: &[(usize, Option<usize>)]) -> Option<usize> {
    let layer = case.synthetic.as_ref()?;
    layer.metadata_mutated.then(|| outer.iter().position(|&(i, v)| i == 0 && v.is_some())).flatten()
}

fn view_type(v: usize) -> String {
    let dims: String = views()[v].sizes.iter().map(|s| format!("{s}x")).collect();
    format!("!wrap.tensor<{dims}f32>")
}

/// `wrap.synthetic_base_wrapper @s` around `@f`.
pub fn wrapper_text(case: &Case) -> String {
    if case.synthetic.is_none() {
        return String::new();
    }
    let outer = outer(case);
    let types: Vec<String> =
        outer.iter().map(|&(i, v)| v.map_or_else(|| input_type(case.inputs[i].0).to_string(), view_type)).collect();
    let mut results: Vec<String> = case.outputs.iter().map(|o| output_type(case, o)).collect();
    let mutated = metadata_mutated(case, &outer);
    if mutated.is_some() {
        results.pop();
    }
    let args: Vec<String> = outer.iter().map(|(i, _)| i.to_string()).collect();
    let mut text = format!(
        "wrap.synthetic_base_wrapper @s : ({}) -> ({}) calls @f args [{}]",
        types.join(", "),
        results.join(", "),
        args.join(", ")
    );
    if let Some(m) = mutated {
        text += &format!(" metadata_mutated [{m}]");
    }
    if case.trace_joint {
        text += " {trace_joint}";
    }
    text + "\n"
}

/// `@s`'s arguments made from `@f`'s (`flat`).
pub fn args(case: &Case, flat: &[Value]) -> Vec<Value> {
    let Some(layer) = &case.synthetic else { return flat.to_vec() };
    let mut broken = layer.broken;
    outer(case)
        .into_iter()
        .map(|(i, v)| {
            let (Some(v), Value::Tensor(t)) = (v, &flat[i]) else { return flat[i].clone() };
            let view = &views()[v];
            let aliased = t.as_strided(&view.sizes, &view.strides, view.offset).unwrap();
            if i == 0 && std::mem::take(&mut broken) {
                let own = fresh(-1.0, N);
                return Value::Tensor(own.as_strided(&view.sizes, &view.strides, view.offset).unwrap());
            }
            Value::Tensor(match layer.groups[i].kind {
                AliasKind::WithBase | AliasKind::ViewsOnly => aliased,
                AliasKind::Storage => {
                    let alias = Tensor::empty(&[0], t.dtype(), t.device()).unwrap();
                    alias.set_(&aliased).unwrap();
                    alias
                }
            })
        })
        .collect()
}

/// Whether the call fails in every mode: memory that does not alias, or
/// aliases without a `_base` under autograd (PyTorch refuses to merge
/// those).
pub fn expect_failure(case: &Case) -> bool {
    case.synthetic.as_ref().is_some_and(|layer| {
        layer.broken || (case.trace_joint && layer.groups.iter().any(|g| g.kind == AliasKind::Storage))
    })
}
