//! Tensor-subclass instances (PyTorch's `__tensor_flatten__` protocol).
//!
//! As in PyTorch, where a wrapper subclass *is* a `torch.Tensor` made by
//! `_make_wrapper_subclass`, a subclass instance is a tensor object: its
//! header holds the outer dtype, device and (contiguous) outer sizes, and
//! its own version counter and autograd flags; it owns no data (a zero-byte
//! storage). What makes it a subclass is its Python type name and its inner
//! attributes, in flatten order, each a plain tensor or another subclass.
//! Compiled code reaches the attributes only through the checked accessors
//! of `wrt_subclass_*`; data and geometry operations refuse subclass
//! instances, whose semantics are their `__torch_dispatch__`'s.

use std::sync::Arc;

use super::{contiguous_strides, Backing, Dims, State, Tensor, TensorImpl};
use crate::{DType, Device, Result, RuntimeError, Storage};

/// The Python type and inner attributes of a subclass instance.
#[derive(Debug)]
pub struct SubclassParts {
    type_name: String,
    attrs: Vec<(String, Tensor)>,
    /// 1 + the deepest nested instance among the attributes.
    depth: usize,
}

/// How deeply instances may nest: far beyond any real subclass (PyTorch's
/// nest two or three levels), and shallow enough that taking one apart,
/// comparing or dropping it recursively cannot exhaust the stack.
pub const MAX_SUBCLASS_DEPTH: usize = 64;

impl SubclassParts {
    pub fn type_name(&self) -> &str {
        &self.type_name
    }

    /// The attributes in flatten order, with their names.
    pub fn attrs(&self) -> &[(String, Tensor)] {
        &self.attrs
    }
}

impl Tensor {
    /// A new instance of the subclass `type_name` with outer `dtype` and
    /// `outer_sizes`, holding `attrs`. Its device is its first attribute's
    /// (the host when it has none); every attribute must be on it.
    pub fn subclass(
        type_name: &str,
        dtype: DType,
        outer_sizes: &[i64],
        attrs: Vec<(String, Tensor)>,
    ) -> Result<Tensor> {
        if type_name.is_empty() {
            return Err(RuntimeError::Argument("a subclass needs a type name".into()));
        }
        let device = attrs.first().map_or(Device::Host, |(_, t)| t.device());
        if let Some((name, t)) = attrs.iter().find(|(_, t)| t.device() != device) {
            return Err(RuntimeError::Device(format!(
                "{type_name} attribute '{name}' is on {:?}, its first attribute on {device:?}",
                t.device()
            )));
        }
        let depth = 1 + attrs.iter().filter_map(|(_, t)| t.subclass_parts()).map(|p| p.depth).max().unwrap_or(0);
        if depth > MAX_SUBCLASS_DEPTH {
            return Err(RuntimeError::Unsupported(format!(
                "{type_name} nests subclass instances {depth} deep (at most {MAX_SUBCLASS_DEPTH})"
            )));
        }
        let strides = contiguous_strides(outer_sizes)?;
        super::geometry::check_sizes(outer_sizes, &strides)?;
        let inner = TensorImpl {
            offset: 0,
            sizes: Dims::from_slice(outer_sizes),
            strides: Dims::from_slice(&strides),
            dtype,
            state: State::plain(Backing::fresh(Arc::new(Storage::placeholder(device)), 0)),
        };
        Tensor::from_parts(inner, Some(Box::new(SubclassParts { type_name: type_name.to_string(), attrs, depth })))
    }

    /// The subclass type and attributes, if this is a subclass instance.
    pub fn subclass_parts(&self) -> Option<&SubclassParts> {
        self.object().subclass.as_deref()
    }

    pub fn is_subclass(&self) -> bool {
        self.object().subclass.is_some()
    }

    /// Fails unless this is an instance of `type_name`.
    pub fn check_subclass_type(&self, type_name: &str) -> Result<&SubclassParts> {
        match self.subclass_parts() {
            Some(parts) if parts.type_name == type_name => Ok(parts),
            Some(parts) => Err(RuntimeError::Argument(format!("expected a {type_name}, got a {}", parts.type_name))),
            None => Err(RuntimeError::Argument(format!("expected a {type_name}, got a plain tensor"))),
        }
    }

    /// Attribute `index` of this `type_name` instance.
    pub fn subclass_attr(&self, type_name: &str, index: usize) -> Result<&Tensor> {
        let parts = self.check_subclass_type(type_name)?;
        parts.attrs.get(index).map(|(_, t)| t).ok_or_else(|| {
            RuntimeError::Argument(format!("{type_name} has {} attributes, not {}", parts.attrs.len(), index + 1))
        })
    }

    /// `dst.copy_(src)` between instances of one subclass: the outer
    /// version bump (`bump`: not for a nested instance), then `copy_`
    /// attribute by attribute with no bump. This models the
    /// `__torch_dispatch__` of a traceable wrapper subclass that applies an
    /// op to each inner tensor (PyTorch's `TwoTensor`; `DTensor` between
    /// equal placements), which runs below autograd and the version bump:
    /// eager's `x.add_(y)` on a `TwoTensor` moves `x._version` only. Any
    /// other pairing is refused, as what it does is up to the subclass.
    pub(super) fn copy_subclass(&self, src: &Tensor, bump: bool) -> Result<()> {
        let (Some(dst_parts), Some(src_parts)) = (self.subclass_parts(), src.subclass_parts()) else {
            let instance = self.subclass_parts().or(src.subclass_parts()).expect("one of them is a subclass");
            return Err(RuntimeError::Unsupported(format!(
                "copy_ between a {} and a plain tensor (its __torch_dispatch__ decides what that does)",
                instance.type_name
            )));
        };
        let same_structure = dst_parts.type_name == src_parts.type_name
            && dst_parts.attrs.len() == src_parts.attrs.len()
            && dst_parts.attrs.iter().zip(&src_parts.attrs).all(|((a, _), (b, _))| a == b);
        if !same_structure {
            return Err(RuntimeError::Unsupported(format!(
                "copy_ from a {} into a {} with other attributes",
                src_parts.type_name, dst_parts.type_name
            )));
        }
        if bump {
            self.bump_version();
        }
        for ((_, dst), (_, src)) in dst_parts.attrs.iter().zip(&src_parts.attrs) {
            dst.copy_with(src, false)?;
        }
        Ok(())
    }

    /// Fails for a subclass instance: `what` runs the subclass's own
    /// `__torch_dispatch__` in PyTorch, which wrapc does not model.
    pub(crate) fn check_plain(&self, what: &str) -> Result<()> {
        match self.subclass_parts() {
            None => Ok(()),
            Some(parts) => Err(RuntimeError::Unsupported(format!(
                "{what} of a {} (a tensor subclass: its __torch_dispatch__ decides what that does)",
                parts.type_name
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(values: &[f64]) -> Tensor {
        Tensor::from_f64s(&[values.len() as i64], DType::F32, values).unwrap()
    }

    #[test]
    fn a_subclass_is_a_tensor_with_outer_metadata_and_attributes() {
        let (a, b) = (leaf(&[1., 2.]), leaf(&[3., 4.]));
        let two =
            Tensor::subclass("TwoTensor", DType::F32, &[2], vec![("a".into(), a.clone()), ("b".into(), b)]).unwrap();
        assert!(two.is_subclass() && !a.is_subclass());
        assert_eq!((two.sizes(), two.strides(), two.dtype()), (vec![2], vec![1], DType::F32));
        assert!(Tensor::same_tensor(two.subclass_attr("TwoTensor", 0).unwrap(), &a));
        assert!(two.subclass_attr("TwoTensor", 2).unwrap_err().to_string().contains("has 2 attributes"));
        assert!(two.check_subclass_type("Fp8").unwrap_err().to_string().contains("expected a Fp8, got a TwoTensor"));
        assert!(a.check_subclass_type("Fp8").unwrap_err().to_string().contains("got a plain tensor"));
        // Its own version counter, not its attributes'.
        two.bump_version();
        assert_eq!((two.version(), a.version()), (1, 0));
    }

    #[test]
    fn data_operations_refuse_subclass_instances() {
        let two = Tensor::subclass("TwoTensor", DType::F32, &[2], vec![("a".into(), leaf(&[1., 2.]))]).unwrap();
        let plain = leaf(&[5., 6.]);
        for error in [
            two.copy_(&plain).unwrap_err(),
            plain.copy_(&two).unwrap_err(),
            Tensor::subclass("Other", DType::F32, &[2], vec![("a".into(), leaf(&[0., 0.]))])
                .unwrap()
                .copy_(&two)
                .unwrap_err(),
            two.as_strided(&[1], &[1], 0).unwrap_err(),
            two.as_strided_(&[1], &[1], 0).unwrap_err(),
            two.set_(&plain).unwrap_err(),
            plain.set_(&two).unwrap_err(),
            two.view_dtype(DType::I32).unwrap_err(),
        ] {
            assert!(matches!(&error, RuntimeError::Unsupported(m) if m.contains("TwoTensor")), "{error}");
        }
        assert!(Tensor::subclass("", DType::F32, &[], vec![]).is_err());
    }

    #[test]
    fn a_copy_between_instances_bumps_only_the_outer_one() {
        // As a __torch_dispatch__ runs the inner copies: below the bump, at
        // every depth.
        let make = |v: f64| {
            let inner = Tensor::subclass("Two", DType::F32, &[1], vec![("a".into(), leaf(&[v]))]).unwrap();
            Tensor::subclass("Two", DType::F32, &[1], vec![("a".into(), inner), ("b".into(), leaf(&[v + 1.]))]).unwrap()
        };
        let (dst, src) = (make(0.), make(5.));
        dst.copy_(&src).unwrap();
        let inner = dst.subclass_attr("Two", 0).unwrap();
        let (inner_leaf, leaf_b) = (inner.subclass_attr("Two", 0).unwrap(), dst.subclass_attr("Two", 1).unwrap());
        assert_eq!((dst.version(), inner.version(), inner_leaf.version(), leaf_b.version()), (1, 0, 0, 0));
        assert_eq!((inner_leaf.to_f64_vec().unwrap(), leaf_b.to_f64_vec().unwrap()), (vec![5.], vec![6.]));
    }

    #[test]
    fn nesting_is_bounded() {
        let mut instance = leaf(&[1.]);
        for _ in 0..MAX_SUBCLASS_DEPTH {
            instance = Tensor::subclass("Box", DType::F32, &[1], vec![("x".into(), instance)]).unwrap();
        }
        let error = Tensor::subclass("Box", DType::F32, &[1], vec![("x".into(), instance)]).unwrap_err();
        assert!(error.to_string().contains("65 deep (at most 64)"), "{error}");
    }

    #[test]
    fn copy_between_instances_of_one_subclass_goes_attribute_by_attribute() {
        let (a, b) = (leaf(&[1., 2.]), leaf(&[3., 4.]));
        let dst =
            Tensor::subclass("TwoTensor", DType::F32, &[2], vec![("a".into(), a.clone()), ("b".into(), b.clone())])
                .unwrap();
        let src = Tensor::subclass(
            "TwoTensor",
            DType::F32,
            &[2],
            vec![("a".into(), leaf(&[5., 6.])), ("b".into(), leaf(&[7., 8.]))],
        )
        .unwrap();
        dst.copy_(&src).unwrap();
        assert_eq!((a.to_f64_vec().unwrap(), b.to_f64_vec().unwrap()), (vec![5., 6.], vec![7., 8.]));
        // The outer version counter only (see the nested case below).
        assert_eq!((dst.version(), a.version(), b.version(), src.version()), (1, 0, 0, 0));
    }
}
