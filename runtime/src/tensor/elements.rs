//! Reading and writing elements one by one (the host backend's slow paths,
//! the interpreter's view of values), bounded before anything is allocated.

use super::{Backing, Dims, State, Tensor, TensorImpl};
use crate::{Device, Result, RuntimeError};

impl Tensor {
    /// Storage indices of the elements in logical (row-major) order, one at
    /// a time: a stride-0 view may have far more elements than memory.
    /// Every view was bounds-checked when made, so the indices fit.
    pub(super) fn element_indices(t: &TensorImpl) -> impl Iterator<Item = usize> + '_ {
        let numel: i64 = t.sizes.iter().product();
        let mut index: Dims = t.sizes.iter().map(|_| 0).collect();
        (0..numel).map(move |_| {
            let at = t.offset + index.iter().zip(&t.strides).map(|(i, s)| i * s).sum::<i64>();
            for d in (0..index.len()).rev() {
                index[d] += 1;
                if index[d] < t.sizes[d] {
                    break;
                }
                index[d] = 0;
            }
            at as usize
        })
    }

    /// The elements, in logical order, as f64 (device memory is copied to
    /// the host first).
    pub fn to_f64_vec(&self) -> Result<Vec<f64>> {
        self.read_f64(usize::MAX)
    }

    /// The elements as [`Tensor::to_f64_vec`] reads them, or an error before
    /// anything is read or allocated when there are more than `limit`.
    pub fn read_f64(&self, limit: usize) -> Result<Vec<f64>> {
        let t = self.snapshot();
        let numel: i64 = t.sizes.iter().product();
        let mut values = Vec::new();
        if usize::try_from(numel).map_or(true, |n| n > limit) {
            return Err(RuntimeError::Argument(format!("{numel} elements do not fit in {limit}")));
        }
        values.try_reserve_exact(numel as usize).map_err(|_| RuntimeError::Alloc(format!("{numel} elements")))?;
        let storage = match t.storage().gpu() {
            Some(_) => t.storage().transfer(Device::Host)?,
            None => t.storage().clone(),
        };
        for i in Tensor::element_indices(&t) {
            values.push(storage.read(t.dtype, i)?);
        }
        Ok(values)
    }

    /// The same elements, sizes, strides and offset in a new tensor (new
    /// storage, new version counter) on `device`.
    pub fn to_device(&self, device: Device) -> Result<Tensor> {
        let t = self.snapshot();
        let storage = t.storage().transfer(device)?;
        Tensor::from_impl(TensorImpl { state: State::plain(Backing::fresh(storage, 0)), ..t })
    }

    /// Writes one element without bumping the version counter — what a
    /// kernel does to its output buffer.
    pub fn set_f64_unversioned(&self, index: &[i64], value: f64) -> Result<()> {
        let t = self.snapshot();
        if index.len() != t.sizes.len() || index.iter().zip(&t.sizes).any(|(&i, &n)| i < 0 || i >= n) {
            return Err(RuntimeError::Bounds(format!("index {index:?} for sizes {:?}", t.sizes)));
        }
        let at = t.offset + index.iter().zip(&t.strides).map(|(i, s)| i * s).sum::<i64>();
        t.storage().write(t.dtype, at as usize, value)
    }
}
