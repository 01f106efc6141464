//! `copy_`: the embedder's copy for foreign memory, one `memmove` for the
//! contiguous case, the strided device kernel on a GPU, and element-wise
//! conversion with broadcasting on the host.

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::{contiguous_strides, is_row_major, Locked, Tensor, TensorImpl};
use wrapc_abi::TangentLayout;

use crate::{Device, Result, RuntimeError, Storage};

impl Tensor {
    /// `dst.copy_(src)`: broadcasts src to dst's shape, converts the dtype,
    /// handles overlapping src and dst, bumps dst's version; under grad mode
    /// it changes the flags as autograd's recording of the copy does.
    pub fn copy_(&self, src: &Tensor) -> Result<()> {
        self.copy_with(src, true)
    }

    /// [`Tensor::copy_`]; without `bump` (an inner tensor of a subclass
    /// instance, which its `__torch_dispatch__` copies below autograd and
    /// the version bump) no version moves and autograd records nothing.
    pub(super) fn copy_with(&self, src: &Tensor, bump: bool) -> Result<()> {
        if self.is_subclass() || src.is_subclass() {
            return self.copy_subclass(src, bump);
        }
        // Launches recorded for a CUDA graph run before the copy reads or
        // writes what they touch.
        if crate::cuda::graph::recording() {
            crate::cuda::graph::flush().map_err(|e| RuntimeError::Device(e.to_string()))?;
        }
        let grad = crate::thread::grad_enabled();
        match crate::embedder::copy_hook() {
            Some(copy) if self.is_external() || src.is_external() => {
                // SAFETY: both handles are live for the call; the hook only
                // borrows them.
                let status = unsafe { copy(self.as_ptr().cast(), src.as_ptr().cast()) };
                if status != 0 {
                    return Err(RuntimeError::External(status));
                }
                if bump {
                    self.lock().version().fetch_add(1, Ordering::SeqCst);
                }
            }
            _ => self.copy_data(src, bump)?,
        }
        if bump && grad && src.requires_grad() {
            // Autograd records the copy: the written tensor gets a grad_fn
            // (CopyBackwards), and a view's base one too (CopySlices).
            self.mark_differentiable(true);
            if let Some(base) = self.view_base() {
                base.mark_differentiable(true);
            }
        }
        Ok(())
    }

    /// The write-back into an input whose metadata says it is a leaf, with
    /// PyTorch's run-time test (`_runtime_wrapper`: `if info.is_leaf and
    /// orig.requires_grad`): detached when it requires grad now (a leaf that
    /// requires grad was mutated where autograd does not look), else a
    /// `copy_` autograd records. The metadata cannot say which: its
    /// `requires_grad` is the input's after the function.
    pub fn leaf_copy_(&self, src: &Tensor) -> Result<()> {
        if self.requires_grad() {
            self.detach().copy_(src)
        } else {
            self.copy_(src)
        }
    }

    /// `coerce_to_expected_memory_format`: this tensor when it already has
    /// `layout`, else a copy in it, which requires grad (as a non-leaf)
    /// when this tensor does, as the copy autograd would record.
    pub fn coerce_layout(&self, layout: &TangentLayout) -> Result<Tensor> {
        self.check_plain("a tangent's layout coercion")?;
        let sizes = self.sizes();
        if layout.holds(&sizes, &self.strides()) {
            return Ok(self.clone());
        }
        let strides = layout.strides_for(&sizes).ok_or_else(|| {
            RuntimeError::Shape(format!("a tangent of sizes {sizes:?} cannot take the traced layout {layout:?}"))
        })?;
        let coerced = Tensor::empty_strided(&sizes, &strides, self.dtype(), self.device())?;
        coerced.copy_with(self, false)?;
        if self.requires_grad() {
            coerced.mark_differentiable(true);
        }
        Ok(coerced)
    }

    /// The data movement of [`Tensor::copy_`], with the version bump
    /// where `bump`.
    fn copy_data(&self, src: &Tensor, bump: bool) -> Result<()> {
        if self.copy_fast(src, bump) {
            return Ok(());
        }
        let source = src.snapshot();
        let dst = self.snapshot();
        if source.storage().device() != dst.storage().device() {
            return Err(RuntimeError::Device(format!(
                "copy_ from {:?} to {:?}",
                source.storage().device(),
                dst.storage().device()
            )));
        }
        // PyTorch's assert_no_internal_overlap: a stride-0 destination would
        // be written many times (and may have more elements than memory).
        if dst.sizes.iter().zip(&dst.strides).any(|(&n, &s)| n > 1 && s == 0) {
            return Err(RuntimeError::Argument(
                "copy_: more than one element of the written-to tensor refers to a single memory location".into(),
            ));
        }
        let (sizes, strides) = broadcast_to(&source.sizes, &source.strides, &dst.sizes)?;
        let broadcast = TensorImpl { sizes: sizes.into(), strides: strides.into(), ..source };
        if let Some(gpu) = dst.storage().gpu() {
            Tensor::copy_on_device(&**gpu, &broadcast, &dst)?;
            if bump {
                dst.version().fetch_add(1, Ordering::SeqCst);
            }
            return Ok(());
        }
        // Read everything first: src and dst may overlap.
        let values = Tensor::element_indices(&broadcast)
            .map(|i| broadcast.storage().read(broadcast.dtype, i))
            .collect::<Result<Vec<_>>>()?;
        for (i, v) in Tensor::element_indices(&dst).zip(values) {
            dst.storage().write(dst.dtype, i, v)?;
        }
        if bump {
            dst.version().fetch_add(1, Ordering::SeqCst);
        }
        Ok(())
    }
}

impl Tensor {
    /// `copy_` without copying any metadata: locks both tensors (in address
    /// order, so two threads copying both ways cannot deadlock) and takes
    /// the contiguous path when it applies.
    fn copy_fast(&self, src: &Tensor, bump: bool) -> bool {
        if Tensor::same_tensor(self, src) {
            let t = self.lock();
            // Copying a tensor onto itself moves no data; copy_ still bumps.
            if bump {
                t.version().fetch_add(1, Ordering::SeqCst);
            }
            return true;
        }
        let self_first = self.as_ptr() < src.as_ptr();
        let (first, second) = if self_first {
            (self.lock(), src.lock())
        } else {
            let s = src.lock();
            (self.lock(), s)
        };
        let (dst, source) = (&first, &second);
        if source.storage().device() != dst.storage().device() || !Tensor::copy_contiguous(source, dst) {
            return false;
        }
        if bump {
            dst.version().fetch_add(1, Ordering::SeqCst);
        }
        true
    }

    /// The common case of `copy_`: same dtype, same shape, both contiguous
    /// and in bounds: one `memmove`. Returns false when it does not apply.
    fn copy_contiguous(source: &Locked, dst: &Locked) -> bool {
        let (sizes, dtype) = (dst.sizes(), dst.dtype());
        let contiguous = |t: &Locked, sizes: &[i64]| is_row_major(sizes, &t.strides());
        if source.dtype() != dtype || source.sizes() != sizes || !contiguous(source, &sizes) || !contiguous(dst, &sizes)
        {
            return false;
        }
        let size = dtype.element_size();
        let numel: i64 = sizes.iter().product();
        let bytes = numel as usize * size;
        let fits = |t: &Locked| (t.offset() as usize) * size + bytes <= t.storage().nbytes();
        if !fits(source) || !fits(dst) {
            return false;
        }
        let at = |t: &Locked| t.storage().data_ptr().wrapping_add(t.offset() as usize * size);
        if let Some(gpu) = dst.storage().gpu() {
            let overlapping =
                Arc::ptr_eq(source.storage(), dst.storage()) && source.offset().abs_diff(dst.offset()) < numel as u64;
            return !overlapping && gpu.copy_dtod(at(dst) as u64, at(source) as u64, bytes).is_ok();
        }
        // SAFETY: both ranges are in bounds of live storages (checked above);
        // `copy` tolerates overlap.
        unsafe { std::ptr::copy(at(source), at(dst), bytes) };
        true
    }
}

impl Tensor {
    /// `copy_` between views of device memory on one device: the strided
    /// copy kernel (through a temporary when src and dst share storage, as
    /// the kernel's threads would race on overlapping elements).
    fn copy_on_device(gpu: &dyn crate::cuda::Driver, source: &TensorImpl, dst: &TensorImpl) -> Result<()> {
        if source.dtype != dst.dtype {
            return Err(RuntimeError::Unsupported(format!(
                "copy_ from {} to {} on a GPU (dtype conversion runs on the host backend only)",
                source.dtype.name(),
                dst.dtype.name()
            )));
        }
        let size = dst.dtype.element_size();
        for t in [source, dst] {
            Tensor::check_view_fits(t.storage(), &t.sizes, &t.strides, t.offset, t.dtype)?;
        }
        let device = match dst.storage().device() {
            Device::Cuda(index) => index as usize,
            Device::Host => 0,
        };
        let address = |t: &TensorImpl| t.storage().data_ptr() as u64 + (t.offset as usize * size) as u64;
        let copy = |dst_at: u64, dst_strides: &[i64], src_at: u64, src_strides: &[i64]| {
            let args = crate::cuda::copy::CopyArgs::new(dst_at, src_at, size, &dst.sizes, dst_strides, src_strides);
            crate::cuda::copy::strided_copy(gpu, device, &args).map_err(crate::storage::device_error)
        };
        if !Arc::ptr_eq(source.storage(), dst.storage()) {
            return copy(address(dst), &dst.strides, address(source), &source.strides);
        }
        let contiguous = contiguous_strides(&dst.sizes)?;
        let numel: i64 = dst.sizes.iter().product();
        let staging = Storage::new(numel as usize * size, dst.storage().device())?;
        copy(staging.data_ptr() as u64, &contiguous, address(source), &source.strides)?;
        copy(address(dst), &dst.strides, staging.data_ptr() as u64, &contiguous)
    }
}

/// Strides that read `sizes`/`strides` as if it had shape `target`.
fn broadcast_to(sizes: &[i64], strides: &[i64], target: &[i64]) -> Result<(Vec<i64>, Vec<i64>)> {
    if sizes.len() > target.len() {
        return Err(RuntimeError::Shape(format!("cannot broadcast {sizes:?} to {target:?}")));
    }
    let lead = target.len() - sizes.len();
    let mut out_strides = vec![0; target.len()];
    for (i, &n) in target.iter().enumerate().skip(lead) {
        let (s, st) = (sizes[i - lead], strides[i - lead]);
        out_strides[i] = match s {
            _ if s == n => st,
            1 => 0,
            _ => return Err(RuntimeError::Shape(format!("cannot broadcast {sizes:?} to {target:?}"))),
        };
    }
    Ok((target.to_vec(), out_strides))
}
