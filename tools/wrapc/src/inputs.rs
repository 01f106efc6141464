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
//!
//! A non-contiguous input gives `"strides"` and `"storage_offset"`; its
//! storage just covers the view and `values` fill the view in logical order
//! (the rest of the storage is zero). `"view_of": i` makes the tensor a view
//! of argument `i` instead (same storage and version counter, as
//! `base.as_strided(sizes, strides, storage_offset)`, whose `_base` is the
//! base's), so inputs can alias; `"alias_of": i` shares argument `i`'s
//! memory the same way without being a view (no `_base`, its own version
//! counter: `torch.empty(0).set_(storage, offset, sizes, strides)`);
//! `{"same_as": i}` passes argument `i`'s tensor object again. A subclass
//! may give its outer `"dtype"` (default: its first tensor leaf's).
//!
//! What is read and allocated is bounded: the file is at most
//! [`MAX_BYTES`], each tensor at most [`MAX_ELEMENTS`] elements; an error
//! names the argument (and subclass attribute) at fault.

use anyhow::{bail, Context as _, Result};
use serde::Deserialize;
use wrapc_interpreter::Value;
use wrapc_runtime::{DType, Tensor};

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Arg {
    Tensor(TensorArg),
    Int(i64),
    Bool(bool),
    Subclass(SubclassArg),
    /// The very tensor object argument `i` is (one tensor passed twice).
    SameAs(usize),
    Null,
}

/// The largest `--inputs` file read.
pub const MAX_BYTES: u64 = 256 << 20;
/// The most elements one `--inputs` tensor may have (its values, given or
/// generated, are held as f64).
pub const MAX_ELEMENTS: i64 = 1 << 26;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TensorArg {
    dtype: String,
    sizes: Vec<i64>,
    #[serde(default)]
    strides: Option<Vec<i64>>,
    #[serde(default)]
    storage_offset: i64,
    #[serde(default)]
    view_of: Option<usize>,
    #[serde(default)]
    alias_of: Option<usize>,
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
    /// The outer dtype; its first tensor leaf's when not given.
    #[serde(default)]
    dtype: Option<String>,
    outer_sizes: Vec<i64>,
    attrs: Vec<(String, Arg)>,
}

/// Reads an `--inputs` file (`-` is stdin), refusing more than [`MAX_BYTES`].
pub fn read(path: &std::path::Path) -> Result<String> {
    crate::read_bounded(path, MAX_BYTES, "an --inputs file")
}

pub fn parse(json: &str) -> Result<Vec<Value>> {
    let args: Vec<Arg> = serde_json::from_str(json).context("expected a JSON array of arguments")?;
    let mut built = Vec::with_capacity(args.len());
    for (i, arg) in args.into_iter().enumerate() {
        let value = build(arg, &built).with_context(|| format!("argument #{i}"))?;
        built.push(value);
    }
    Ok(built)
}

fn build(arg: Arg, earlier: &[Value]) -> Result<Value> {
    Ok(match arg {
        Arg::Tensor(t) => Value::Tensor(build_tensor(t, earlier).context("tensor")?),
        Arg::Int(v) => Value::Int(v),
        Arg::Bool(v) => Value::Bool(v),
        Arg::Null => Value::Null,
        Arg::SameAs(i) => match earlier.get(i) {
            Some(Value::Tensor(t)) => Value::Tensor(t.clone()),
            _ => bail!("same_as {i}: not an earlier tensor argument"),
        },
        Arg::Subclass(s) => {
            let attrs: Vec<(String, Value)> = s
                .attrs
                .into_iter()
                .map(|(n, a)| {
                    let value = build(a, earlier).with_context(|| format!("subclass attribute '{n}'"))?;
                    Ok((n, value))
                })
                .collect::<Result<_>>()?;
            let dtype = match &s.dtype {
                Some(name) => dtype_named(name)?,
                None => attrs.iter().find_map(|(_, v)| first_dtype(v)).unwrap_or(DType::F32),
            };
            Value::subclass(&s.r#type, dtype, &s.outer_sizes, attrs)?
        }
    })
}

fn dtype_named(name: &str) -> Result<DType> {
    let Some(dtype) = DType::from_name(name) else {
        let known: Vec<&str> = DType::ALL.iter().map(|d| d.name()).collect();
        bail!("unknown dtype '{name}'; expected one of {}", known.join(", "))
    };
    Ok(dtype)
}

/// The dtype of the first tensor leaf of `value`.
fn first_dtype(value: &Value) -> Option<DType> {
    match value {
        Value::Tensor(t) | Value::Subclass(t) => Some(t.dtype()),
        _ => None,
    }
}

fn build_tensor(spec: TensorArg, earlier: &[Value]) -> Result<Tensor> {
    let dtype = dtype_named(&spec.dtype)?;
    let numel = spec
        .sizes
        .iter()
        .try_fold(1i64, |n, &d| if d < 0 { None } else { n.checked_mul(d) })
        .filter(|&n| n <= MAX_ELEMENTS)
        .with_context(|| {
            format!(
                "sizes {:?}: not a shape of at most {MAX_ELEMENTS} elements (the most an input may have)",
                spec.sizes
            )
        })?;
    let strides = match &spec.strides {
        Some(strides) if strides.len() != spec.sizes.len() => {
            bail!("{} strides given for {} sizes", strides.len(), spec.sizes.len())
        }
        Some(strides) => strides.clone(),
        None => wrapc_runtime::contiguous_strides(&spec.sizes)?,
    };
    let (key, shared) = match (spec.view_of, spec.alias_of) {
        (Some(_), Some(_)) => bail!("give view_of or alias_of, not both"),
        (Some(i), None) => ("view_of", Some(i)),
        (None, Some(i)) => ("alias_of", Some(i)),
        (None, None) => ("", None),
    };
    if let Some(base) = shared {
        if spec.values.is_some() || spec.requires_grad || !spec.leaf {
            bail!("a {key} tensor shares its base's data: give no values, requires_grad or leaf");
        }
        let Some(Value::Tensor(base)) = earlier.get(base) else {
            bail!("{key} {base}: not an earlier tensor argument");
        };
        if base.dtype() != dtype {
            bail!("{key} {}: dtype {} differs from the base's {}", shared.unwrap(), spec.dtype, base.dtype().name());
        }
        let view = base.as_strided(&spec.sizes, &strides, spec.storage_offset)?;
        if key == "view_of" {
            return Ok(view);
        }
        // torch.empty(0).set_(storage, offset, sizes, strides): the same
        // memory, but not a view (no _base) and a version counter of its own.
        let alias = Tensor::empty(&[0], dtype, base.device())?;
        alias.set_(&view)?;
        return Ok(alias);
    }
    let values = match spec.values {
        Some(values) if values.len() as i64 != numel => {
            bail!("{} values given for sizes {:?} ({numel} elements)", values.len(), spec.sizes)
        }
        Some(values) => {
            // Like torch.tensor(values, dtype=...), an integer that does not
            // fit is refused rather than wrapped.
            if let Some((low, high)) = dtype.integer_range() {
                if let Some((i, v)) = values.iter().enumerate().find(|(_, v)| !(low..=high).contains(*v)) {
                    bail!("value #{i} ({v}) does not fit {} ({low}..={high})", spec.dtype)
                }
            }
            values
        }
        // The default fill counts up, wrapping as PyTorch's integer casts do.
        None => (0..numel).map(|i| i as f64).collect(),
    };
    let contiguous_input = spec.strides.is_none() && spec.storage_offset == 0;
    let tensor = if contiguous_input {
        Tensor::from_f64s(&spec.sizes, dtype, &values)?
    } else {
        strided(&spec.sizes, &strides, spec.storage_offset, dtype, &values)?
    };
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
    Ok(tensor.as_strided(&tensor.sizes(), &tensor.strides(), tensor.storage_offset())?)
}

/// A view with these strides and offset over a zeroed storage that just
/// covers it, holding `values` in logical order.
fn strided(sizes: &[i64], strides: &[i64], offset: i64, dtype: DType, values: &[f64]) -> Result<Tensor> {
    if offset < 0 {
        bail!("negative storage_offset {offset}");
    }
    let reach =
        sizes.iter().zip(strides).try_fold(offset, |end, (&n, &s)| end.checked_add((n - 1).max(0).checked_mul(s)?));
    let elements = reach.and_then(|end| end.checked_add(1)).filter(|&n| n <= MAX_ELEMENTS).with_context(|| {
        format!("strides {strides:?} and storage_offset {offset} need a storage of more than {MAX_ELEMENTS} elements")
    })?;
    let view = Tensor::empty(&[elements], dtype, wrapc_runtime::Device::Host)?.as_strided(sizes, strides, offset)?;
    // Filled without a version bump: making the input is not a mutation.
    let mut index = vec![0i64; sizes.len()];
    for &value in values {
        view.set_f64_unversioned(&index, value)?;
        for d in (0..index.len()).rev() {
            index[d] += 1;
            if index[d] < sizes[d] {
                break;
            }
            index[d] = 0;
        }
    }
    Ok(view)
}
