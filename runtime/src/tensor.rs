//! Tensor handles and the operations the runtime wrapper performs on them.

use std::sync::atomic::{AtomicI64, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::{grad_enabled, DType, Device, Result, RuntimeError, Storage};

mod copy;
mod elements;
mod geometry;
mod subclass;
mod synthetic_base;

pub use geometry::contiguous_strides;
use geometry::{check_sizes, extent, is_row_major};
pub use subclass::SubclassParts;

/// A reference to a tensor object. `clone()` is another reference to the
/// same object: in-place operations through one are seen through all.
#[derive(Clone, Debug)]
pub struct Tensor(Arc<TensorObject>);

#[derive(Clone, Debug)]
struct TensorImpl {
    storage: Arc<Storage>,
    offset: i64,
    sizes: Dims,
    strides: Dims,
    dtype: DType,
    requires_grad: bool,
    is_leaf: bool,
    dynamic_dims: DimMask,
    /// Shared with every view and detached alias (PyTorch's VariableVersion).
    version: Arc<AtomicU64>,
    /// `_base`: what this tensor is a view of, always a non-view (PyTorch
    /// keeps the root); `None` for a tensor that is not a view.
    view_base: Option<Tensor>,
}

/// The dimensions marked dynamic, one bit each (a rank is at most
/// `MAX_RANK`): no allocation and nothing to drop per tensor object.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct DimMask(u16);

impl DimMask {
    fn insert(&mut self, dim: i64) {
        debug_assert!((0..MAX_RANK as i64).contains(&dim));
        self.0 |= 1 << dim;
    }

    fn dims(self) -> Vec<i64> {
        (0..MAX_RANK as i64).filter(|&d| self.0 & (1 << d) != 0).collect()
    }
}

/// Sizes or strides, inline up to the header's rank: making a view
/// allocates only the tensor object.
type Dims = smallvec::SmallVec<[i64; MAX_RANK]>;

/// The most dimensions a tensor may have (the C-visible header has room
/// for this many sizes and strides).
pub const MAX_RANK: usize = wrapc_abi::MAX_RANK;

/// What a C handle points at: the tensor object itself, so that retaining
/// and releasing a handle is a reference-count update, not an allocation.
///
/// The header is C layout and part of the ABI (`wrt_tensor_header` in
/// `wrapc_runtime.h`): compiled wrappers read dtype, device, rank, sizes,
/// strides and offset, and bump the version counter, with plain loads and
/// stores. The geometry fields mirror `inner` and are written only with
/// `inner` locked; dtype and device never change for a tensor object.
#[repr(C)]
#[derive(Debug)]
pub struct TensorObject {
    dtype: i32,
    device_kind: i32,
    rank: AtomicI64,
    offset: AtomicI64,
    sizes: [AtomicI64; MAX_RANK],
    strides: [AtomicI64; MAX_RANK],
    /// The shared version counter (`inner.version`), for inline bumps.
    version: *const AtomicU64,
    /// The storage's base address (device memory for CUDA tensors), for
    /// kernel arguments computed inline.
    data: AtomicPtr<u8>,
    /// The CUDA device ordinal (0 on the host).
    device_index: i32,
    /// 1 for a subclass instance (`subclass` is set): the compiled
    /// argument check refuses one where a plain tensor is expected.
    is_subclass: i32,
    inner: Mutex<TensorImpl>,
    /// Set once at creation for a tensor-subclass instance.
    subclass: Option<Box<SubclassParts>>,
}

// SAFETY: `version` points into the Arc held by `inner`, alive as long as
// the object; everything else is atomics or behind the Mutex.
unsafe impl Send for TensorObject {}
unsafe impl Sync for TensorObject {}

impl TensorObject {
    /// A new object in its `Arc`, built in place: the object is a few
    /// hundred bytes, and making views is the wrapper's hot path.
    #[inline(always)]
    fn new_shared(inner: TensorImpl, subclass: Option<Box<SubclassParts>>) -> Arc<TensorObject> {
        TensorObject::new_shared_with(|| inner, subclass)
    }

    /// As [`TensorObject::new_shared`], with the state made by `make` only
    /// once the object is allocated, so that it is built where it lives
    /// rather than on the stack and then copied (a view's state is ~200
    /// bytes: the copies were a quarter of making one).
    #[inline(always)]
    fn new_shared_with(make: impl FnOnce() -> TensorImpl, subclass: Option<Box<SubclassParts>>) -> Arc<TensorObject> {
        let mut object = Arc::<TensorObject>::new_uninit();
        let slot = Arc::get_mut(&mut object).expect("a fresh Arc is unique").as_mut_ptr();
        // SAFETY: every field of the uninitialized object is written once
        // through raw field pointers before `assume_init`; `inner` first,
        // then the header from it (the object is not shared yet).
        unsafe {
            std::ptr::addr_of_mut!((*slot).inner).write(Mutex::new(make()));
            let inner = (*std::ptr::addr_of_mut!((*slot).inner)).get_mut().unwrap_or_else(|p| p.into_inner());
            let device_index = match inner.storage.device() {
                Device::Cuda(index) => index,
                Device::Host => 0,
            };
            std::ptr::addr_of_mut!((*slot).dtype).write(inner.dtype as i32);
            std::ptr::addr_of_mut!((*slot).device_kind)
                .write(i32::from(matches!(inner.storage.device(), Device::Cuda(_))));
            std::ptr::addr_of_mut!((*slot).rank).write(AtomicI64::new(inner.sizes.len() as i64));
            std::ptr::addr_of_mut!((*slot).offset).write(AtomicI64::new(inner.offset));
            let sizes = std::ptr::addr_of_mut!((*slot).sizes) as *mut AtomicI64;
            let strides = std::ptr::addr_of_mut!((*slot).strides) as *mut AtomicI64;
            for d in 0..MAX_RANK {
                sizes.add(d).write(AtomicI64::new(inner.sizes.get(d).copied().unwrap_or(0)));
                strides.add(d).write(AtomicI64::new(inner.strides.get(d).copied().unwrap_or(0)));
            }
            std::ptr::addr_of_mut!((*slot).version).write(Arc::as_ptr(&inner.version));
            std::ptr::addr_of_mut!((*slot).data).write(AtomicPtr::new(inner.storage.data_ptr()));
            std::ptr::addr_of_mut!((*slot).device_index).write(device_index);
            std::ptr::addr_of_mut!((*slot).is_subclass).write(i32::from(subclass.is_some()));
            std::ptr::addr_of_mut!((*slot).subclass).write(subclass);
            object.assume_init()
        }
    }

    /// Mirrors the geometry of `t` (the locked `inner`) into the header.
    fn publish(&self, t: &TensorImpl) {
        self.rank.store(t.sizes.len() as i64, Ordering::Relaxed);
        self.offset.store(t.offset, Ordering::Relaxed);
        self.data.store(t.storage.data_ptr(), Ordering::Relaxed);
        for (slot, &v) in self.sizes.iter().zip(&t.sizes) {
            slot.store(v, Ordering::Relaxed);
        }
        for (slot, &v) in self.strides.iter().zip(&t.strides) {
            slot.store(v, Ordering::Relaxed);
        }
    }
}

/// Byte offsets of the header fields compiled code reads (see
/// `wrt_tensor_header` in the C header).
pub mod header {
    use super::TensorObject;
    pub const DTYPE: usize = std::mem::offset_of!(TensorObject, dtype);
    pub const DEVICE_KIND: usize = std::mem::offset_of!(TensorObject, device_kind);
    pub const RANK: usize = std::mem::offset_of!(TensorObject, rank);
    pub const OFFSET: usize = std::mem::offset_of!(TensorObject, offset);
    pub const SIZES: usize = std::mem::offset_of!(TensorObject, sizes);
    pub const STRIDES: usize = std::mem::offset_of!(TensorObject, strides);
    pub const VERSION: usize = std::mem::offset_of!(TensorObject, version);
    pub const DATA: usize = std::mem::offset_of!(TensorObject, data);
    pub const DEVICE_INDEX: usize = std::mem::offset_of!(TensorObject, device_index);
    pub const SUBCLASS: usize = std::mem::offset_of!(TensorObject, is_subclass);
}

impl Tensor {
    /// A raw owning pointer (one strong reference) for the C ABI.
    pub fn into_raw(self) -> *const TensorObject {
        Arc::into_raw(self.0)
    }

    /// Takes back one strong reference made by [`Tensor::into_raw`].
    ///
    /// # Safety
    /// `raw` must come from `into_raw` and own the reference it gives back.
    pub unsafe fn from_raw(raw: *const TensorObject) -> Tensor {
        // SAFETY: the caller owns the reference.
        Tensor(unsafe { Arc::from_raw(raw) })
    }

    /// Whether this tensor has `dtype`, the device kind, and `sizes` (`-1`
    /// entries match any size): one lock, no allocation.
    pub fn has_signature(&self, dtype: DType, cuda: bool, sizes: &[i64]) -> bool {
        let h = &*self.0;
        h.subclass.is_none()
            && h.dtype == dtype as i32
            && (h.device_kind == 1) == cuda
            && h.rank.load(Ordering::Relaxed) == sizes.len() as i64
            && h.sizes.iter().zip(sizes).all(|(have, &want)| want < 0 || have.load(Ordering::Relaxed) == want)
    }

    #[inline(always)]
    fn from_impl(inner: TensorImpl) -> Result<Tensor> {
        Tensor::from_parts(inner, None)
    }

    #[inline(always)]
    fn from_parts(inner: TensorImpl, subclass: Option<Box<SubclassParts>>) -> Result<Tensor> {
        if inner.sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", inner.sizes.len())));
        }
        Ok(Tensor(TensorObject::new_shared(inner, subclass)))
    }

    fn lock(&self) -> MutexGuard<'_, TensorImpl> {
        self.0.inner.lock().unwrap_or_else(|poison| poison.into_inner())
    }

    /// A copy of the tensor's state, so that an operation can read one
    /// tensor and write another (possibly the same) without holding both.
    fn snapshot(&self) -> TensorImpl {
        self.lock().clone()
    }

    /// A contiguous, zero-filled tensor.
    pub fn empty(sizes: &[i64], dtype: DType, device: Device) -> Result<Tensor> {
        Tensor::empty_strided(sizes, &contiguous_strides(sizes)?, dtype, device)
    }

    /// A zero-filled tensor whose storage just covers `sizes` and `strides`.
    pub fn empty_strided(sizes: &[i64], strides: &[i64], dtype: DType, device: Device) -> Result<Tensor> {
        check_sizes(sizes, strides)?;
        let nbytes = usize::try_from(extent(sizes, strides, 0)?)
            .ok()
            .and_then(|elements| elements.checked_mul(dtype.element_size()))
            .ok_or_else(|| RuntimeError::Alloc(format!("sizes {sizes:?} strides {strides:?}: too many bytes")))?;
        let storage = Storage::new(nbytes, device)?;
        Tensor::from_impl(TensorImpl {
            storage,
            offset: 0,
            sizes: Dims::from_slice(sizes),
            strides: Dims::from_slice(strides),
            dtype,
            requires_grad: false,
            is_leaf: true,
            dynamic_dims: DimMask::default(),
            version: Arc::new(AtomicU64::new(0)),
            view_base: None,
        })
    }

    /// A mirror of an embedder's tensor (see [`crate::external`]): over
    /// `share`'s storage when given (and its version counter when
    /// `share_version`), else over the embedder memory in `storage`.
    #[allow(clippy::too_many_arguments)]
    pub fn from_external(
        storage: Option<Arc<Storage>>,
        share: Option<&Tensor>,
        share_version: bool,
        sizes: &[i64],
        strides: &[i64],
        offset: i64,
        dtype: DType,
        requires_grad: bool,
        is_leaf: bool,
        version: u64,
    ) -> Result<Tensor> {
        let (storage, shared_version) = match (storage, share) {
            (Some(storage), None) => (storage, None),
            (None, Some(base)) => {
                let base = base.lock();
                (base.storage.clone(), share_version.then(|| base.version.clone()))
            }
            _ => {
                return Err(RuntimeError::Argument(
                    "a mirror takes either new embedder memory or a tensor to share storage with".into(),
                ))
            }
        };
        let inner = TensorImpl {
            storage,
            offset,
            sizes: Dims::from_slice(sizes),
            strides: Dims::from_slice(strides),
            dtype,
            requires_grad,
            is_leaf,
            dynamic_dims: DimMask::default(),
            version: shared_version.unwrap_or_else(|| Arc::new(AtomicU64::new(version))),
            view_base: None,
        };
        check_sizes(sizes, strides)?;
        if offset < 0 {
            return Err(RuntimeError::Bounds(format!("negative storage offset {offset}")));
        }
        extent(sizes, strides, offset)?;
        Tensor::from_impl(inner)
    }

    /// Whether the tensor's memory belongs to an embedding framework.
    pub fn is_external(&self) -> bool {
        self.lock().storage.is_external()
    }

    /// A contiguous host tensor holding `values` (converted to `dtype`).
    pub fn from_f64s(sizes: &[i64], dtype: DType, values: &[f64]) -> Result<Tensor> {
        let tensor = Tensor::empty(sizes, dtype, Device::Host)?;
        let numel = tensor.numel();
        if values.len() as i64 != numel {
            return Err(RuntimeError::Shape(format!("{} values for sizes {sizes:?}", values.len())));
        }
        let storage = tensor.lock().storage.clone();
        for (i, &v) in values.iter().enumerate() {
            storage.write(dtype, i, v)?;
        }
        Ok(tensor)
    }

    pub fn same_tensor(a: &Tensor, b: &Tensor) -> bool {
        Arc::ptr_eq(&a.0, &b.0)
    }

    /// `t._base`: the tensor `t` is a view of, `None` when it is not a view.
    pub fn view_base(&self) -> Option<Tensor> {
        self.lock().view_base.clone()
    }

    /// Makes this tensor a view of `base` (of its `_base` when `base` is a
    /// view itself), as an embedder's mirror of a view is: the two must
    /// share a storage.
    pub fn set_view_base(&self, base: &Tensor) -> Result<()> {
        self.check_plain("a view base")?;
        base.check_plain("a view base")?;
        if Tensor::same_tensor(base, self) {
            return Err(RuntimeError::Argument("a tensor cannot be its own base".into()));
        }
        let root = {
            let b = base.lock();
            if !Arc::ptr_eq(&b.storage, &self.lock().storage) {
                return Err(RuntimeError::Argument("a view and its base must share a storage".into()));
            }
            base.root(&b)
        };
        if Tensor::same_tensor(&root, self) {
            return Err(RuntimeError::Argument("a tensor cannot be its own base".into()));
        }
        self.lock().view_base = Some(root);
        Ok(())
    }

    /// What a view of this tensor (locked as `t`) records as its `_base`.
    fn root(&self, t: &TensorImpl) -> Tensor {
        t.view_base.clone().unwrap_or_else(|| self.clone())
    }

    pub fn sizes(&self) -> Vec<i64> {
        self.lock().sizes.to_vec()
    }
    pub fn strides(&self) -> Vec<i64> {
        self.lock().strides.to_vec()
    }
    pub fn storage_offset(&self) -> i64 {
        self.lock().offset
    }
    pub fn dtype(&self) -> DType {
        self.lock().dtype
    }
    pub fn device(&self) -> Device {
        self.lock().storage.device()
    }
    pub fn requires_grad(&self) -> bool {
        self.lock().requires_grad
    }
    pub fn is_leaf(&self) -> bool {
        self.lock().is_leaf
    }
    pub fn numel(&self) -> i64 {
        self.lock().sizes.iter().product()
    }
    pub fn version(&self) -> u64 {
        self.lock().version.load(Ordering::SeqCst)
    }
    pub fn bump_version(&self) {
        self.lock().version.fetch_add(1, Ordering::SeqCst);
    }
    /// Identity of the storage: equal ids mean the tensors alias.
    pub fn storage_id(&self) -> usize {
        Arc::as_ptr(&self.lock().storage) as usize
    }
    pub fn storage(&self) -> Arc<Storage> {
        self.lock().storage.clone()
    }
    pub fn is_contiguous(&self) -> bool {
        let t = self.lock();
        is_row_major(&t.sizes, &t.strides)
    }
    /// Address of the element at the storage offset.
    pub fn data_ptr(&self) -> *mut u8 {
        let t = self.lock();
        t.storage.data_ptr().wrapping_add(t.offset as usize * t.dtype.element_size())
    }

    pub fn dynamic_dims(&self) -> Vec<i64> {
        self.lock().dynamic_dims.dims()
    }

    /// `t._dynamo_weak_dynamic_indices.add(dim)`.
    pub fn mark_dynamic(&self, dim: i64) -> Result<()> {
        let mut t = self.lock();
        if dim < 0 || dim as usize >= t.sizes.len() {
            return Err(RuntimeError::Argument(format!("dim {dim} out of range for rank {}", t.sizes.len())));
        }
        t.dynamic_dims.insert(dim);
        Ok(())
    }

    fn check_view_fits(t: &TensorImpl, sizes: &[i64], strides: &[i64], offset: i64, dtype: DType) -> Result<()> {
        let capacity = (t.storage.nbytes() / dtype.element_size()) as i64;
        if geometry::view_extent(sizes, strides, offset).is_some_and(|end| end <= capacity) {
            return Ok(());
        }
        // Something is wrong: the checks one by one, for the message.
        check_sizes(sizes, strides)?;
        if offset < 0 {
            return Err(RuntimeError::Bounds(format!("negative storage offset {offset}")));
        }
        let end = extent(sizes, strides, offset)?;
        if end > capacity {
            return Err(RuntimeError::Bounds(format!(
                "view sizes {sizes:?} strides {strides:?} offset {offset} reaches element {} of a storage of {capacity}",
                end - 1
            )));
        }
        Ok(())
    }

    /// `base.as_strided(sizes, strides, offset)`: a view sharing storage and
    /// version counter. It requires grad when its base does, in any grad
    /// mode (PyTorch propagates the flag to views made under `no_grad`);
    /// it has a grad_fn, so is a non-leaf, only when made with grad on.
    pub fn as_strided(&self, sizes: &[i64], strides: &[i64], offset: i64) -> Result<Tensor> {
        self.check_plain("as_strided")?;
        if sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", sizes.len())));
        }
        let base = self.lock();
        Tensor::check_view_fits(&base, sizes, strides, offset, base.dtype)?;
        let requires_grad = base.requires_grad;
        let is_leaf = !(requires_grad && grad_enabled());
        let make = || TensorImpl {
            storage: base.storage.clone(),
            offset,
            sizes: Dims::from_slice(sizes),
            strides: Dims::from_slice(strides),
            dtype: base.dtype,
            requires_grad,
            is_leaf,
            dynamic_dims: DimMask::default(),
            version: base.version.clone(),
            view_base: Some(self.root(&base)),
        };
        Ok(Tensor(TensorObject::new_shared_with(make, None)))
    }

    /// `t.as_strided_(sizes, strides, offset)`: in place; bumps the version.
    pub fn as_strided_(&self, sizes: &[i64], strides: &[i64], offset: i64) -> Result<()> {
        self.check_plain("as_strided_")?;
        let mut t = self.lock();
        Tensor::check_view_fits(&t, sizes, strides, offset, t.dtype)?;
        if sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", sizes.len())));
        }
        t.sizes = Dims::from_slice(sizes);
        t.strides = Dims::from_slice(strides);
        t.offset = offset;
        self.0.publish(&t);
        t.version.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// `t.set_(src)`: adopt src's storage and geometry; t keeps its own
    /// version counter, which is bumped.
    pub fn set_(&self, src: &Tensor) -> Result<()> {
        self.check_plain("set_")?;
        src.check_plain("set_ from it")?;
        let source = src.snapshot();
        let mut t = self.lock();
        if t.dtype != source.dtype {
            return Err(RuntimeError::DType(format!(
                "set_ of a {} tensor from {}",
                t.dtype.name(),
                source.dtype.name()
            )));
        }
        if t.storage.device() != source.storage.device() {
            return Err(RuntimeError::Device(format!(
                "set_ of a {:?} tensor from {:?} storage",
                t.storage.device(),
                source.storage.device()
            )));
        }
        t.storage = source.storage;
        t.offset = source.offset;
        t.sizes = source.sizes;
        t.strides = source.strides;
        self.0.publish(&t);
        t.version.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// `t.detach()`: same storage and version counter, no grad, a leaf.
    pub fn detach(&self) -> Tensor {
        let t = self.snapshot();
        Tensor::from_impl(TensorImpl {
            requires_grad: false,
            is_leaf: true,
            dynamic_dims: DimMask::default(),
            view_base: None,
            ..t
        })
        .expect("a tensor's own rank is within MAX_RANK")
    }

    /// `t.requires_grad_(flag)` with PyTorch's checks.
    /// What an autograd.Function does to a tensor its forward returns
    /// (`CompiledFunction` in AOTAutograd's runtime_wrappers.py): a
    /// differentiable output gets a grad_fn (requires grad, not a leaf) when
    /// its dtype can carry gradients; one marked non-differentiable, or an
    /// integer or bool tensor, neither requires grad nor is a non-leaf.
    pub fn mark_differentiable(&self, differentiable: bool) {
        let mut t = self.lock();
        let requires_grad = differentiable && t.dtype.is_floating_point();
        t.requires_grad = requires_grad;
        t.is_leaf = !requires_grad;
    }

    pub fn set_requires_grad(&self, flag: bool) -> Result<()> {
        let mut t = self.lock();
        if flag && !t.dtype.is_floating_point() {
            return Err(RuntimeError::DType(format!(
                "only floating point tensors can require gradients, not {}",
                t.dtype.name()
            )));
        }
        if !t.is_leaf && !flag {
            return Err(RuntimeError::Argument("you can only change requires_grad flags of leaf variables".into()));
        }
        t.requires_grad = flag;
        Ok(())
    }

    /// `t.view(dtype)`, with PyTorch's rules (`view_dtype` in ATen's
    /// TensorConversions.cpp) when the element size changes: the last
    /// dimension is contiguous and is split (smaller elements) or merged
    /// (larger ones); other strides and the offset scale by the ratio and
    /// must divide evenly when merging.
    pub fn view_dtype(&self, dtype: DType) -> Result<Tensor> {
        self.check_plain("view(dtype)")?;
        let mut t = self.snapshot();
        t.view_base = Some(self.root(&t));
        let (from, to) = (t.dtype.element_size() as i64, dtype.element_size() as i64);
        if from != to {
            let what = || format!("to view {} as {} (different element sizes)", t.dtype.name(), dtype.name());
            let last = t
                .sizes
                .len()
                .checked_sub(1)
                .ok_or_else(|| RuntimeError::Shape(format!("a 0-d tensor cannot be viewed {}", what())))?;
            if t.strides[last] != 1 {
                return Err(RuntimeError::Shape(format!("the last dimension must have stride 1 {}", what())));
            }
            if from > to {
                let ratio = from / to;
                for d in 0..last {
                    t.strides[d] = t.strides[d]
                        .checked_mul(ratio)
                        .ok_or_else(|| RuntimeError::Shape(format!("stride overflow {}", what())))?;
                }
                t.sizes[last] = t.sizes[last]
                    .checked_mul(ratio)
                    .ok_or_else(|| RuntimeError::Shape(format!("size overflow {}", what())))?;
                t.offset = t
                    .offset
                    .checked_mul(ratio)
                    .ok_or_else(|| RuntimeError::Shape(format!("offset overflow {}", what())))?;
            } else {
                let ratio = to / from;
                if t.sizes[last] % ratio != 0 {
                    return Err(RuntimeError::Shape(format!(
                        "the last size {} must be a multiple of {ratio} {}",
                        t.sizes[last],
                        what()
                    )));
                }
                if t.offset % ratio != 0 {
                    return Err(RuntimeError::Shape(format!(
                        "the storage offset {} must be a multiple of {ratio} {}",
                        t.offset,
                        what()
                    )));
                }
                if let Some(d) = (0..last).find(|&d| t.strides[d] % ratio != 0) {
                    return Err(RuntimeError::Shape(format!(
                        "stride {} of dimension {d} must be a multiple of {ratio} {}",
                        t.strides[d],
                        what()
                    )));
                }
                for d in 0..last {
                    t.strides[d] /= ratio;
                }
                t.sizes[last] /= ratio;
                t.offset /= ratio;
            }
        }
        let requires_grad = t.requires_grad && grad_enabled() && dtype.is_floating_point();
        Tensor::from_impl(TensorImpl {
            dtype,
            requires_grad,
            is_leaf: !requires_grad,
            dynamic_dims: DimMask::default(),
            ..t
        })
    }
}

#[cfg(test)]
mod tests;
