//! The base `AOTSyntheticBaseWrapper` passes in place of inputs that alias
//! each other when one of them is mutated (`merge_view_inputs` in
//! `torch/_functorch/_aot_autograd/runtime_wrappers.py`).

use std::sync::Arc;

use super::{contiguous_strides, Backing, Dims, State, Tensor, TensorImpl};
use crate::{Result, RuntimeError};

/// PyTorch's message for aliases it cannot merge (an `AssertionError` in
/// `merge_view_inputs`).
const NON_DIFFERENTIABLE: &str = "aot_autograd() does not yet handle non-differentiable view input mutations.";

impl Tensor {
    /// The synthetic base of `members`, the call's arguments `args` (for
    /// messages), which were compiled as one group of aliases:
    ///
    /// * all must share one storage and have their `_base`'s dtype;
    /// * when some have a `_base`, it is that (one) base, and every member
    ///   without one must be the base itself;
    /// * when none has, a fresh 1-d tensor over the whole storage with its
    ///   own version counter (`torch.empty(0).set_(storage)`): a mutation
    ///   through it bumps none of the members' counters;
    /// * under `trace_joint` (PyTorch's autograd case) consecutive members
    ///   must be views autograd relates (`_are_differentiable_views`).
    ///
    /// The base must have `sizes` (`-1`: any) — the aliasing the wrapper
    /// was compiled for.
    pub fn synthetic_base(members: &[Tensor], args: &[i64], trace_joint: bool, sizes: &[i64]) -> Result<Tensor> {
        let arg = |i: usize| args.get(i).copied().unwrap_or(i as i64);
        let Some(first) = members.first() else {
            return Err(RuntimeError::Argument("a synthetic base of no inputs".into()));
        };
        let storage = first.lock().storage().clone();
        let mut bases: Vec<Option<Tensor>> = Vec::with_capacity(members.len());
        for (i, member) in members.iter().enumerate() {
            member.check_plain("a synthetic base")?;
            let t = member.lock();
            if !Arc::ptr_eq(t.storage(), &storage) {
                return Err(RuntimeError::Argument(format!(
                    "this wrapper was compiled under the assumption that inputs {} and {} alias (share a storage), \
                     but at runtime this was not the case",
                    arg(0),
                    arg(i)
                )));
            }
            let base = t.view_base.clone();
            drop(t);
            if base.as_ref().is_some_and(|b| b.dtype() != member.dtype()) || member.dtype() != first.dtype() {
                return Err(RuntimeError::Unsupported(
                    "aot_autograd() does not yet handle input mutations on views with different dtypes.".into(),
                ));
            }
            bases.push(base);
        }
        if trace_joint {
            for (i, pair) in members.windows(2).enumerate() {
                if !differentiable_views(&pair[0], &bases[i], &pair[1], &bases[i + 1]) {
                    return Err(RuntimeError::Unsupported(NON_DIFFERENTIABLE.into()));
                }
            }
        }
        let base = match bases.iter().flatten().next() {
            Some(base) => {
                let same = |b: &Option<Tensor>, m: &Tensor| match b {
                    Some(b) => Tensor::same_tensor(b, base),
                    None => Tensor::same_tensor(m, base),
                };
                if !bases.iter().zip(members).all(|(b, m)| same(b, m)) {
                    return Err(RuntimeError::Unsupported(NON_DIFFERENTIABLE.into()));
                }
                base.clone()
            }
            None => first.storage_alias()?,
        };
        let have = base.sizes();
        let fits = have.len() == sizes.len() && have.iter().zip(sizes).all(|(&h, &w)| w < 0 || h == w);
        if !fits {
            return Err(RuntimeError::Shape(format!(
                "the synthetic base of inputs {:?} has sizes {have:?}, but the wrapper was compiled for {sizes:?} \
                 (the inputs alias differently than when it was compiled)",
                (0..members.len()).map(arg).collect::<Vec<_>>()
            )));
        }
        Ok(base)
    }

    /// `torch.empty(0, dtype).set_(t.untyped_storage())`: the whole storage
    /// as a 1-d tensor, not a view, with a fresh version counter (which
    /// `set_` bumped once).
    fn storage_alias(&self) -> Result<Tensor> {
        let t = self.lock();
        let dtype = t.dtype();
        let numel = (t.storage().nbytes() / dtype.element_size()) as i64;
        let inner = TensorImpl {
            offset: 0,
            sizes: Dims::from_slice(&[numel]),
            strides: Dims::from_slice(&contiguous_strides(&[numel])?),
            dtype,
            state: State::plain(Backing::fresh(t.storage().clone(), 1)),
        };
        drop(t);
        Tensor::from_impl(inner)
    }
}

/// `_are_differentiable_views` of `merge_view_inputs`.
fn differentiable_views(a: &Tensor, a_base: &Option<Tensor>, b: &Tensor, b_base: &Option<Tensor>) -> bool {
    let is = |x: &Option<Tensor>, y: &Tensor| x.as_ref().is_some_and(|x| Tensor::same_tensor(x, y));
    Tensor::same_tensor(a, b)
        || match (a_base, b_base) {
            (None, None) => false,
            (Some(x), Some(y)) if Tensor::same_tensor(x, y) => true,
            _ => is(a_base, b) || is(b_base, a),
        }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DType;

    fn arange(n: i64) -> Tensor {
        Tensor::from_f64s(&[n], DType::F32, &(0..n).map(|i| i as f64).collect::<Vec<_>>()).unwrap()
    }

    #[test]
    fn the_common_base_is_used() {
        let x = arange(6);
        let v = x.as_strided(&[2, 3], &[3, 1], 0).unwrap();
        let vv = v.as_strided(&[3], &[1], 3).unwrap();
        assert!(Tensor::same_tensor(&vv.view_base().unwrap(), &x), "a view of a view has the root as _base");
        let base = Tensor::synthetic_base(&[x.clone(), v.clone(), vv], &[0, 1, 2], false, &[6]).unwrap();
        assert!(Tensor::same_tensor(&base, &x));
        let a = x.as_strided(&[4], &[1], 0).unwrap();
        let b = x.as_strided(&[4], &[1], 2).unwrap();
        let base = Tensor::synthetic_base(&[a, b], &[0, 1], true, &[-1]).unwrap();
        assert!(Tensor::same_tensor(&base, &x));
    }

    #[test]
    fn without_bases_a_storage_tensor_with_its_own_counter() {
        let x = arange(6);
        let a = x.detach();
        let b = x.detach();
        let base = Tensor::synthetic_base(&[a.clone(), b], &[0, 1], false, &[6]).unwrap();
        assert!(!Tensor::same_tensor(&base, &x) && base.view_base().is_none());
        assert_eq!((base.sizes(), base.strides(), base.storage_offset()), (vec![6], vec![1], 0));
        let before = a.version();
        base.bump_version();
        assert_eq!(a.version(), before, "the synthetic base's counter is its own");
        let err = Tensor::synthetic_base(&[a.clone(), x.detach()], &[0, 1], true, &[6]).unwrap_err();
        assert!(err.to_string().contains("non-differentiable view input mutations"), "{err}");
        let err = Tensor::synthetic_base(&[a, x.detach()], &[0, 1], false, &[4]).unwrap_err();
        assert!(err.to_string().contains("compiled for [4]"), "{err}");
    }

    #[test]
    fn an_embedder_names_a_mirror_s_base() {
        let x = arange(6);
        let v = x.detach();
        v.set_view_base(&x).unwrap();
        let w = x.detach();
        w.set_view_base(&v).unwrap();
        assert!(Tensor::same_tensor(&w.view_base().unwrap(), &x), "the base's own _base is taken");
        let base = Tensor::synthetic_base(&[v.clone(), w], &[0, 1], true, &[6]).unwrap();
        assert!(Tensor::same_tensor(&base, &x));
        assert!(x.set_view_base(&x).is_err());
        assert!(v.set_view_base(&arange(6)).unwrap_err().to_string().contains("share a storage"));
    }

    #[test]
    fn inputs_that_do_not_alias_or_disagree_are_refused() {
        let (x, y) = (arange(4), arange(4));
        let err = Tensor::synthetic_base(&[x.clone(), y], &[2, 5], false, &[4]).unwrap_err();
        assert!(err.to_string().contains("inputs 2 and 5 alias"), "{err}");
        let other = x.detach();
        let v = x.as_strided(&[2], &[1], 0).unwrap();
        // A member without a _base that is not the others' base.
        let err = Tensor::synthetic_base(&[v, other], &[0, 1], false, &[4]).unwrap_err();
        assert!(err.to_string().contains("non-differentiable"), "{err}");
        let i = x.view_dtype(DType::I32).unwrap();
        let err = Tensor::synthetic_base(&[x, i], &[0, 1], false, &[4]).unwrap_err();
        assert!(err.to_string().contains("different dtypes"), "{err}");
    }
}
