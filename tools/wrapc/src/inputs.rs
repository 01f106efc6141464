//! The JSON form of a call's arguments.
//!
//! ```json
//! [ {"tensor": {"dtype": "f32", "sizes": [2, 2], "values": [1, 2, 3, 4], "requires_grad": true}},
//!   {"int": 4},
//!   {"subclass": {"type": "TwoTensor", "outer_sizes": [4],
//!                 "attrs": [["a", {"tensor": {...}}], ["b", {"tensor": {...}}]]}},
//!   "null" ]
//! ```
//! A tensor with `"leaf": false` is made a non-leaf the way autograd makes
//! one: as a view of a leaf that requires grad.

use std::rc::Rc;

use anyhow::{bail, Context as _, Result};
use serde::Deserialize;
use wrapc_interpreter::{SubclassValue, Value};
use wrapc_runtime::{DType, Tensor};

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Arg {
    Tensor(TensorArg),
    Int(i64),
    Bool(bool),
    Subclass(SubclassArg),
    Null,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TensorArg {
    dtype: String,
    sizes: Vec<i64>,
    #[serde(default)]
    values: Option<Vec<f64>>,
    #[serde(default)]
    requires_grad: bool,
    #[serde(default = "yes")]
    leaf: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SubclassArg {
    r#type: String,
    outer_sizes: Vec<i64>,
    attrs: Vec<(String, Arg)>,
}

pub fn parse(json: &str) -> Result<Vec<Value>> {
    let args: Vec<Arg> = serde_json::from_str(json).context("expected a JSON array of arguments")?;
    args.into_iter().enumerate().map(|(i, a)| build(a).with_context(|| format!("argument #{i}"))).collect()
}

fn build(arg: Arg) -> Result<Value> {
    Ok(match arg {
        Arg::Tensor(t) => Value::Tensor(build_tensor(t)?),
        Arg::Int(v) => Value::Int(v),
        Arg::Bool(v) => Value::Bool(v),
        Arg::Null => Value::Null,
        Arg::Subclass(s) => Value::Subclass(Rc::new(SubclassValue {
            type_name: s.r#type,
            outer_sizes: s.outer_sizes,
            attrs: s.attrs.into_iter().map(|(n, a)| Ok((n, build(a)?))).collect::<Result<_>>()?,
        })),
    })
}

fn build_tensor(spec: TensorArg) -> Result<Tensor> {
    let Some(dtype) = DType::from_name(&spec.dtype) else {
        bail!("unknown dtype '{}'; expected f16, bf16, f32, f64, i8, i32, i64 or bool", spec.dtype)
    };
    let numel: i64 = spec.sizes.iter().product();
    let values = spec.values.unwrap_or_else(|| (0..numel).map(|i| i as f64).collect());
    if values.len() as i64 != numel {
        bail!("{} values given for sizes {:?} ({numel} elements)", values.len(), spec.sizes);
    }
    let tensor = Tensor::from_f64s(&spec.sizes, dtype, &values)?;
    if !spec.requires_grad {
        if !spec.leaf {
            bail!("a tensor that does not require grad is always a leaf");
        }
        return Ok(tensor);
    }
    tensor.set_requires_grad(true)?;
    if spec.leaf {
        return Ok(tensor);
    }
    Ok(tensor.as_strided(&tensor.sizes(), &tensor.strides(), 0)?)
}
