//! A compact, one-line-per-tensor rendering of a call's effects.

use std::fmt::Write as _;

use wrapc_interpreter::{Effects, ValueEffect};

pub fn render(effects: &Effects) -> String {
    let mut out = String::new();
    for (i, value) in effects.inputs.iter().enumerate() {
        line(&mut out, &format!("in{i}"), value);
    }
    for (i, value) in effects.outputs.iter().enumerate() {
        line(&mut out, &format!("out{i}"), value);
    }
    writeln!(out, "grad_enabled={}", effects.grad_enabled).unwrap();
    out
}

fn line(out: &mut String, name: &str, value: &ValueEffect) {
    match value {
        ValueEffect::Tensor(t) => {
            // Long tensors: the first eight and the last two values.
            let shown: Vec<String> = if t.values.len() > 12 {
                let head = t.values[..8].iter().map(|v| format!("{v}"));
                let tail = t.values[t.values.len() - 2..].iter().map(|v| format!("{v}"));
                head.chain(std::iter::once("...".to_string())).chain(tail).collect()
            } else {
                t.values.iter().map(|v| format!("{v}")).collect()
            };
            let values = shown;
            writeln!(
                out,
                "{name:<10} tensor#{} storage#{} {} {:?}/{:?}+{} v{} rg={} leaf={} dyn={:?} [{}]{}",
                t.tensor,
                t.storage,
                t.dtype,
                t.sizes,
                t.strides,
                t.offset,
                t.version,
                u8::from(t.requires_grad),
                u8::from(t.is_leaf),
                t.dynamic_dims,
                values.join(" "),
                if t.storage_changed { " storage-changed" } else { "" }
            )
            .unwrap();
        }
        ValueEffect::Int { value } => writeln!(out, "{name:<10} int {value}").unwrap(),
        ValueEffect::Bool { value } => writeln!(out, "{name:<10} bool {value}").unwrap(),
        ValueEffect::Null => writeln!(out, "{name:<10} null").unwrap(),
        ValueEffect::Subclass { type_name, outer_sizes, version, attrs } => {
            writeln!(out, "{name:<10} {type_name} outer {outer_sizes:?} v{version}").unwrap();
            for (attr, inner) in attrs {
                line(out, &format!("{name}.{attr}"), inner);
            }
        }
    }
}
