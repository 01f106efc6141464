//! Run-time values the interpreter passes around, and the observable effects
//! of a call that compiled code must reproduce exactly.

use std::collections::HashMap;

use serde::Serialize;
use wrapc_runtime::{DType, Tensor};

/// A value of the wrap dialect at run time.
#[derive(Clone, Debug)]
pub enum Value {
    Tensor(Tensor),
    /// A symbolic int (`index` / `iN`).
    Int(i64),
    Bool(bool),
    /// A tensor-subclass instance: the runtime's own (a tensor object with
    /// its type, attributes and version counter), the one compiled code
    /// takes and returns.
    Subclass(Tensor),
    /// The placeholder of an input frozen by the compiler.
    Null,
}

impl Value {
    /// What a native entry point takes for this value: the tensor or
    /// subclass instance itself, a 0-d i64 tensor for an int, nothing (a
    /// null handle) for null.
    pub fn to_native(&self) -> wrapc_runtime::Result<Option<Tensor>> {
        Ok(Some(match self {
            Value::Tensor(t) | Value::Subclass(t) => t.clone(),
            Value::Int(v) => Tensor::from_f64s(&[], DType::I64, &[*v as f64])?,
            Value::Bool(_) => {
                return Err(wrapc_runtime::RuntimeError::Argument("a bool cannot be passed to native code".into()))
            }
            Value::Null => return Ok(None),
        }))
    }

    /// The value a runtime tensor stands for: an int when `int` (a 0-d i64
    /// tensor), a subclass for a subclass instance, else the tensor.
    pub fn from_native(t: Tensor, int: bool) -> wrapc_runtime::Result<Value> {
        Ok(if int {
            Value::Int(t.to_f64_vec()?.first().copied().unwrap_or(0.0) as i64)
        } else if t.is_subclass() {
            Value::Subclass(t)
        } else {
            Value::Tensor(t)
        })
    }

    /// A new subclass instance of `type_name` over `attrs` (tensors or
    /// instances).
    pub fn subclass(
        type_name: &str,
        dtype: DType,
        outer_sizes: &[i64],
        attrs: Vec<(String, Value)>,
    ) -> wrapc_runtime::Result<Value> {
        let attrs = attrs
            .into_iter()
            .map(|(name, value)| match value {
                Value::Tensor(t) | Value::Subclass(t) => Ok((name, t)),
                other => Err(wrapc_runtime::RuntimeError::Argument(format!(
                    "{type_name} attribute '{name}' is a {}, not a tensor",
                    other.kind()
                ))),
            })
            .collect::<wrapc_runtime::Result<_>>()?;
        Ok(Value::Subclass(Tensor::subclass(type_name, dtype, outer_sizes, attrs)?))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Value::Tensor(_) => "tensor",
            Value::Int(_) => "int",
            Value::Bool(_) => "bool",
            Value::Subclass(_) => "subclass",
            Value::Null => "null",
        }
    }
}

/// Everything a caller of a wrapper can observe after the call.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Effects {
    pub outputs: Vec<ValueEffect>,
    /// The inputs after the call (mutations write into them).
    pub inputs: Vec<ValueEffect>,
    pub grad_enabled: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ValueEffect {
    Tensor(TensorEffect),
    Int {
        value: i64,
    },
    Bool {
        value: bool,
    },
    Null,
    /// A subclass instance: its type, outer sizes, own version counter and
    /// attributes.
    Subclass {
        type_name: String,
        outer_sizes: Vec<i64>,
        version: u64,
        attrs: Vec<(String, ValueEffect)>,
    },
}

/// One tensor as the caller sees it. `storage` and `tensor` are canonical
/// ids: equal ids mean shared storage / the very same tensor object.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TensorEffect {
    pub dtype: String,
    pub sizes: Vec<i64>,
    pub strides: Vec<i64>,
    pub offset: i64,
    pub values: Vec<f64>,
    pub version: u64,
    pub requires_grad: bool,
    pub is_leaf: bool,
    pub dynamic_dims: Vec<i64>,
    pub storage: usize,
    pub tensor: usize,
    /// The call gave this tensor object another storage (`set_`): its
    /// storage identity differs from before the call.
    pub storage_changed: bool,
}

/// Each input tensor object's storage before a call (inner tensors of
/// subclasses included), so that the effects after it show a `set_`.
pub struct StorageSnapshot(Vec<(Tensor, usize)>);

impl StorageSnapshot {
    pub fn take(inputs: &[Value]) -> StorageSnapshot {
        fn collect(value: &Value, into: &mut Vec<(Tensor, usize)>) {
            match value {
                Value::Tensor(t) => into.push((t.clone(), t.storage_id())),
                Value::Subclass(s) => {
                    let parts = s.subclass_parts().expect("a subclass value is an instance");
                    parts
                        .attrs()
                        .iter()
                        .for_each(|(_, t)| collect(&Value::from_native(t.clone(), false).unwrap(), into))
                }
                Value::Int(_) | Value::Bool(_) | Value::Null => {}
            }
        }
        let mut tensors = Vec::new();
        inputs.iter().for_each(|v| collect(v, &mut tensors));
        StorageSnapshot(tensors)
    }

    fn changed(&self, tensor: &Tensor) -> bool {
        self.0.iter().any(|(t, storage)| Tensor::same_tensor(t, tensor) && *storage != tensor.storage_id())
    }
}

/// Numbers storages and tensor objects in order of first appearance, so
/// that two runs compare by aliasing structure, not by addresses.
struct Canonicalizer<'s> {
    storages: HashMap<usize, usize>,
    tensors: Vec<Tensor>,
    before: &'s StorageSnapshot,
}

impl Canonicalizer<'_> {
    fn storage_id(&mut self, tensor: &Tensor) -> usize {
        let next = self.storages.len();
        *self.storages.entry(tensor.storage_id()).or_insert(next)
    }

    fn tensor_id(&mut self, tensor: &Tensor) -> usize {
        if let Some(i) = self.tensors.iter().position(|t| Tensor::same_tensor(t, tensor)) {
            return i;
        }
        self.tensors.push(tensor.clone());
        self.tensors.len() - 1
    }

    fn effect(&mut self, value: &Value) -> ValueEffect {
        match value {
            Value::Tensor(t) => ValueEffect::Tensor(TensorEffect {
                dtype: t.dtype().name().to_string(),
                sizes: t.sizes(),
                strides: t.strides(),
                offset: t.storage_offset(),
                values: t.to_f64_vec().unwrap_or_default(),
                version: t.version(),
                requires_grad: t.requires_grad(),
                is_leaf: t.is_leaf(),
                dynamic_dims: t.dynamic_dims(),
                storage: self.storage_id(t),
                tensor: self.tensor_id(t),
                storage_changed: self.before.changed(t),
            }),
            Value::Int(v) => ValueEffect::Int { value: *v },
            Value::Bool(v) => ValueEffect::Bool { value: *v },
            Value::Null => ValueEffect::Null,
            Value::Subclass(s) => {
                let parts = s.subclass_parts().expect("a subclass value is an instance");
                ValueEffect::Subclass {
                    type_name: parts.type_name().to_string(),
                    outer_sizes: s.sizes(),
                    version: s.version(),
                    attrs: parts
                        .attrs()
                        .iter()
                        .map(|(n, t)| (n.clone(), self.effect(&Value::from_native(t.clone(), false).unwrap())))
                        .collect(),
                }
            }
        }
    }
}

impl Effects {
    /// Snapshots `inputs` and `outputs` after a call; `before` was taken
    /// of the inputs before it.
    pub fn capture(before: &StorageSnapshot, inputs: &[Value], outputs: &[Value]) -> Self {
        let mut canon = Canonicalizer { storages: HashMap::new(), tensors: Vec::new(), before };
        let inputs = inputs.iter().map(|v| canon.effect(v)).collect();
        let outputs = outputs.iter().map(|v| canon.effect(v)).collect();
        Effects { outputs, inputs, grad_enabled: wrapc_runtime::grad_enabled() }
    }
}
