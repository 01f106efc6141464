//! Run-time values the interpreter passes around, and the observable effects
//! of a call that compiled code must reproduce exactly.

use std::collections::HashMap;
use std::rc::Rc;

use serde::Serialize;
use wrapc_runtime::{DType, Tensor};

/// A value of the wrap dialect at run time.
#[derive(Clone, Debug)]
pub enum Value {
    Tensor(Tensor),
    /// A symbolic int (`index` / `iN`).
    Int(i64),
    Bool(bool),
    Subclass(Rc<SubclassValue>),
    /// The placeholder of an input frozen by the compiler.
    Null,
}

/// A tensor subclass instance: its Python type and inner attributes.
#[derive(Debug)]
pub struct SubclassValue {
    pub type_name: String,
    /// The outer (user-visible) dtype.
    pub dtype: DType,
    pub attrs: Vec<(String, Value)>,
    pub outer_sizes: Vec<i64>,
}

impl Value {
    /// What a native entry point takes for this value: the tensor itself,
    /// a 0-d i64 tensor for an int, a runtime subclass instance (built
    /// recursively) for a subclass, nothing (a null handle) for null.
    pub fn to_native(&self) -> wrapc_runtime::Result<Option<Tensor>> {
        Ok(Some(match self {
            Value::Tensor(t) => t.clone(),
            Value::Int(v) => Tensor::from_f64s(&[], DType::I64, &[*v as f64])?,
            Value::Subclass(s) => {
                let attrs = s
                    .attrs
                    .iter()
                    .map(|(name, value)| match value.to_native()? {
                        Some(t) => Ok((name.clone(), t)),
                        None => Err(wrapc_runtime::RuntimeError::Argument(format!(
                            "{} attribute '{name}' is a {}",
                            s.type_name,
                            value.kind()
                        ))),
                    })
                    .collect::<wrapc_runtime::Result<_>>()?;
                Tensor::subclass(&s.type_name, s.dtype, &s.outer_sizes, attrs)?
            }
            Value::Bool(_) => {
                return Err(wrapc_runtime::RuntimeError::Argument("a bool cannot be passed to native code".into()))
            }
            Value::Null => return Ok(None),
        }))
    }

    /// The value a native entry point's result stands for: an int when
    /// `int` (a 0-d i64 tensor), a subclass for a subclass instance (its
    /// attributes recursively), else the tensor.
    pub fn from_native(t: Tensor, int: bool) -> wrapc_runtime::Result<Value> {
        if int {
            return Ok(Value::Int(t.to_f64_vec()?.first().copied().unwrap_or(0.0) as i64));
        }
        let Some(parts) = t.subclass_parts() else { return Ok(Value::Tensor(t)) };
        let attrs = parts
            .attrs()
            .iter()
            .map(|(name, attr)| Ok((name.clone(), Value::from_native(attr.clone(), false)?)))
            .collect::<wrapc_runtime::Result<_>>()?;
        Ok(Value::Subclass(Rc::new(SubclassValue {
            type_name: parts.type_name().to_string(),
            dtype: t.dtype(),
            attrs,
            outer_sizes: t.sizes(),
        })))
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
    Int { value: i64 },
    Bool { value: bool },
    Null,
    Subclass { type_name: String, outer_sizes: Vec<i64>, attrs: Vec<(String, ValueEffect)> },
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
                Value::Subclass(s) => s.attrs.iter().for_each(|(_, v)| collect(v, into)),
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
            Value::Subclass(s) => ValueEffect::Subclass {
                type_name: s.type_name.clone(),
                outer_sizes: s.outer_sizes.clone(),
                attrs: s.attrs.iter().map(|(n, v)| (n.clone(), self.effect(v))).collect(),
            },
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
