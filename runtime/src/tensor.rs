//! Tensor handles and the operations the runtime wrapper performs on them.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use crate::biased::Biased;
use crate::{grad_enabled, thread, DType, Device, Result, RuntimeError, Storage};

mod copy;
mod elements;
pub(crate) mod geometry;
pub(crate) mod object;
mod subclass;
mod synthetic_base;

pub use geometry::contiguous_strides;
use geometry::{check_sizes, extent, is_row_major};
pub use object::{header, Tensor, TensorObject};
use object::{Locked, NewObject};
pub use subclass::SubclassParts;

/// Everything about a tensor, as one value: what constructors build and
/// [`Tensor::snapshot`] returns. An object keeps its geometry and dtype in
/// its C header and its [`State`] behind its lock.
#[derive(Clone, Debug)]
struct TensorImpl {
    offset: i64,
    sizes: Dims,
    strides: Dims,
    dtype: DType,
    state: State,
}

impl std::ops::Deref for TensorImpl {
    type Target = State;
    fn deref(&self) -> &State {
        &self.state
    }
}

impl std::ops::DerefMut for TensorImpl {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

/// What a tensor object keeps behind its lock: all but the geometry and
/// the dtype, which its C header holds.
#[derive(Clone, Debug)]
struct State {
    backing: Biased<Backing>,
    requires_grad: bool,
    is_leaf: bool,
    dynamic_dims: DimMask,
    /// `_base`: what this tensor is a view of, always a non-view (PyTorch
    /// keeps the root); `None` for a tensor that is not a view.
    view_base: Option<Tensor>,
}

impl State {
    /// Over `backing`: a leaf that does not require grad and views nothing
    /// (what a new tensor, `detach()` and a transfer are).
    fn plain(backing: Biased<Backing>) -> State {
        State { backing, requires_grad: false, is_leaf: true, dynamic_dims: DimMask::default(), view_base: None }
    }

    /// Gives back the state's references, with the calling thread's state
    /// at hand when given.
    #[inline(always)]
    fn release_in(self, thread: Option<&crate::thread::Thread>) {
        let Some(thread) = thread else { return drop(self) };
        let State { backing, view_base, requires_grad: _, is_leaf: _, dynamic_dims: _ } = self;
        backing.release_on(thread);
        if let Some(base) = view_base {
            base.release_on(thread);
        }
    }

    fn storage(&self) -> &Arc<Storage> {
        &self.backing.storage
    }
    fn version(&self) -> &AtomicU64 {
        &self.backing.version
    }
}

/// What a tensor's elements live in and the version counter it bumps, in
/// one shared allocation: a view takes one reference instead of two, and
/// making views is the wrapper's hot path (the count is biased to the
/// thread that made it: see [`crate::biased`]). `set_` gives a tensor a new
/// `Backing` (the source's storage, its own counter); views made before
/// keep the old one, as PyTorch's keep the old storage.
#[derive(Debug)]
struct Backing {
    storage: Arc<Storage>,
    /// Shared with every view and detached alias (PyTorch's VariableVersion).
    version: Arc<AtomicU64>,
}

impl Backing {
    fn new(storage: Arc<Storage>, version: Arc<AtomicU64>) -> Biased<Backing> {
        Biased::new(Backing { storage, version })
    }

    /// Over `storage`, with a counter of its own starting at `version`.
    fn fresh(storage: Arc<Storage>, version: u64) -> Biased<Backing> {
        Backing::new(storage, Arc::new(AtomicU64::new(version)))
    }
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

impl Tensor {
    /// Whether this tensor has `dtype`, the device kind, and `sizes` (`-1`
    /// entries match any size): header loads only, no lock, no allocation.
    pub fn has_signature(&self, dtype: DType, cuda: bool, sizes: &[i64]) -> bool {
        let h = self.object();
        h.subclass.is_none()
            && h.dtype_code() == dtype as i32
            && h.is_cuda() == cuda
            && h.rank() == sizes.len()
            && h.sizes.iter().zip(sizes).all(|(have, &want)| want < 0 || have.load(Ordering::Relaxed) == want)
    }

    #[inline(always)]
    fn from_impl(inner: TensorImpl) -> Result<Tensor> {
        Tensor::from_parts(inner, None)
    }

    fn from_parts(inner: TensorImpl, subclass: Option<Box<SubclassParts>>) -> Result<Tensor> {
        if inner.sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", inner.sizes.len())));
        }
        if inner.strides.len() != inner.sizes.len() {
            return Err(RuntimeError::Shape(format!(
                "{} sizes but {} strides",
                inner.sizes.len(),
                inner.strides.len()
            )));
        }
        let TensorImpl { offset, sizes, strides, dtype, state } = inner;
        Ok(Tensor::new_object(NewObject { dtype, sizes: &sizes, strides: &strides, offset, state, subclass }))
    }

    /// A copy of the tensor's state, so that an operation can read one
    /// tensor and write another (possibly the same) without holding both.
    fn snapshot(&self) -> TensorImpl {
        self.lock().snapshot()
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
        let storage = match crate::embedder::alloc(nbytes, device)? {
            Some((data, owner)) => Storage::external(data, nbytes, device, owner),
            None => Storage::new(nbytes, device)?,
        };
        Tensor::from_impl(TensorImpl {
            offset: 0,
            sizes: Dims::from_slice(sizes),
            strides: Dims::from_slice(strides),
            dtype,
            state: State::plain(Backing::fresh(storage, 0)),
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
        let backing = match (storage, share) {
            (Some(storage), None) => Backing::fresh(storage, version),
            (None, Some(base)) => {
                let base = base.lock();
                match share_version {
                    true => base.backing.clone(),
                    false => Backing::fresh(base.storage().clone(), version),
                }
            }
            _ => {
                return Err(RuntimeError::Argument(
                    "a mirror takes either new embedder memory or a tensor to share storage with".into(),
                ))
            }
        };
        let inner = TensorImpl {
            offset,
            sizes: Dims::from_slice(sizes),
            strides: Dims::from_slice(strides),
            dtype,
            state: State { requires_grad, is_leaf, ..State::plain(backing) },
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
        self.lock().storage().is_external()
    }

    /// A contiguous host tensor holding `values` (converted to `dtype`).
    pub fn from_f64s(sizes: &[i64], dtype: DType, values: &[f64]) -> Result<Tensor> {
        let tensor = Tensor::empty(sizes, dtype, Device::Host)?;
        let numel = tensor.numel();
        if values.len() as i64 != numel {
            return Err(RuntimeError::Shape(format!("{} values for sizes {sizes:?}", values.len())));
        }
        let storage = tensor.lock().storage().clone();
        for (i, &v) in values.iter().enumerate() {
            storage.write(dtype, i, v)?;
        }
        Ok(tensor)
    }

    pub fn same_tensor(a: &Tensor, b: &Tensor) -> bool {
        a.0 == b.0
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
        // One lock at a time: holding the base's while taking this one's
        // deadlocked against another thread setting them the other way round.
        let (storage, root) = {
            let b = base.lock();
            (b.storage().clone(), base.root(b.view_base.as_ref()))
        };
        if Tensor::same_tensor(&root, self) {
            return Err(RuntimeError::Argument("a tensor cannot be its own base".into()));
        }
        let mut t = self.lock();
        if !Arc::ptr_eq(&storage, t.storage()) {
            return Err(RuntimeError::Argument("a view and its base must share a storage".into()));
        }
        t.set_view_base(root);
        Ok(())
    }

    /// What a view of this tensor, whose `_base` is `view_base`, records
    /// as its `_base`.
    fn root(&self, view_base: Option<&Tensor>) -> Tensor {
        view_base.cloned().unwrap_or_else(|| self.clone())
    }

    pub fn sizes(&self) -> Vec<i64> {
        self.lock().sizes().to_vec()
    }
    pub fn strides(&self) -> Vec<i64> {
        self.lock().strides().to_vec()
    }
    pub fn storage_offset(&self) -> i64 {
        self.lock().offset()
    }
    pub fn dtype(&self) -> DType {
        self.object().dtype()
    }
    pub fn device(&self) -> Device {
        self.lock().storage().device()
    }
    pub fn requires_grad(&self) -> bool {
        self.lock().requires_grad
    }
    pub fn is_leaf(&self) -> bool {
        self.lock().is_leaf
    }
    pub fn numel(&self) -> i64 {
        self.lock().sizes().iter().product()
    }
    pub fn version(&self) -> u64 {
        self.lock().version().load(Ordering::SeqCst)
    }
    pub fn bump_version(&self) {
        self.lock().version().fetch_add(1, Ordering::SeqCst);
    }
    /// Identity of the storage: equal ids mean the tensors alias.
    pub fn storage_id(&self) -> usize {
        self.storage_id_unlocked().unwrap_or_else(|| Arc::as_ptr(self.lock().storage()) as usize)
    }
    pub fn storage(&self) -> Arc<Storage> {
        self.lock().storage().clone()
    }
    pub fn is_contiguous(&self) -> bool {
        let t = self.lock();
        is_row_major(&t.sizes(), &t.strides())
    }
    /// Address of the element at the storage offset.
    pub fn data_ptr(&self) -> *mut u8 {
        let t = self.lock();
        t.storage().data_ptr().wrapping_add(t.offset() as usize * t.dtype().element_size())
    }

    pub fn dynamic_dims(&self) -> Vec<i64> {
        self.lock().dynamic_dims.dims()
    }

    /// `t._dynamo_weak_dynamic_indices.add(dim)`.
    pub fn mark_dynamic(&self, dim: i64) -> Result<()> {
        let mut t = self.lock();
        let rank = self.object().rank();
        if dim < 0 || dim as usize >= rank {
            return Err(RuntimeError::Argument(format!("dim {dim} out of range for rank {rank}")));
        }
        t.mark_dynamic(dim);
        Ok(())
    }

    /// Whether a view of `storage` with this geometry and dtype stays in
    /// its bounds, or the error that says why not.
    fn check_view_fits(storage: &Storage, sizes: &[i64], strides: &[i64], offset: i64, dtype: DType) -> Result<()> {
        let capacity = (storage.nbytes() / dtype.element_size()) as i64;
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
        if let Some(view) = self.view_fast(sizes, strides, offset) {
            return Ok(view);
        }
        self.check_plain("as_strided")?;
        if sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", sizes.len())));
        }
        let dtype = self.object().dtype();
        let state = {
            let base = self.lock();
            Tensor::check_view_fits(base.storage(), sizes, strides, offset, dtype)?;
            let requires_grad = base.requires_grad;
            State {
                backing: base.backing.clone(),
                requires_grad,
                is_leaf: !(requires_grad && grad_enabled()),
                dynamic_dims: DimMask::default(),
                view_base: Some(self.root(base.view_base.as_ref())),
            }
        };
        Ok(Tensor::new_object(NewObject { dtype, sizes, strides, offset, state, subclass: None }))
    }

    /// [`Tensor::as_strided`] when it takes no lock and cannot fail (see
    /// `view_on`); `None` otherwise.
    #[inline]
    pub fn view_fast(&self, sizes: &[i64], strides: &[i64], offset: i64) -> Option<Tensor> {
        thread::with(|thread| self.view_on(thread, sizes, strides, offset)).flatten()
    }

    /// `t.as_strided_(sizes, strides, offset)`: in place; bumps the version.
    pub fn as_strided_(&self, sizes: &[i64], strides: &[i64], offset: i64) -> Result<()> {
        self.check_plain("as_strided_")?;
        if sizes.len() > MAX_RANK {
            return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", sizes.len())));
        }
        let mut t = self.lock();
        Tensor::check_view_fits(t.storage(), sizes, strides, offset, t.dtype())?;
        t.set_geometry(sizes, strides, offset);
        t.version().fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// `t.set_(src)`: adopt src's storage and geometry; t keeps its own
    /// version counter, which is bumped.
    pub fn set_(&self, src: &Tensor) -> Result<()> {
        self.check_plain("set_")?;
        src.check_plain("set_ from it")?;
        let source = src.snapshot();
        let mut t = self.lock();
        if t.dtype() != source.dtype {
            return Err(RuntimeError::DType(format!(
                "set_ of a {} tensor from {}",
                t.dtype().name(),
                source.dtype.name()
            )));
        }
        if t.storage().device() != source.storage().device() {
            return Err(RuntimeError::Device(format!(
                "set_ of a {:?} tensor from {:?} storage",
                t.storage().device(),
                source.storage().device()
            )));
        }
        let backing = Backing::new(source.storage().clone(), t.backing.version.clone());
        t.set_backing(backing);
        t.set_geometry(&source.sizes, &source.strides, source.offset);
        t.version().fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// `t.detach()`: same storage and version counter, no grad, a leaf.
    pub fn detach(&self) -> Tensor {
        let t = self.snapshot();
        Tensor::from_impl(TensorImpl { state: State::plain(t.backing.clone()), ..t })
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
        let requires_grad = differentiable && t.dtype().is_floating_point();
        t.set_grad_flags(requires_grad, !requires_grad);
    }

    pub fn set_requires_grad(&self, flag: bool) -> Result<()> {
        let mut t = self.lock();
        if flag && !t.dtype().is_floating_point() {
            return Err(RuntimeError::DType(format!(
                "only floating point tensors can require gradients, not {}",
                t.dtype().name()
            )));
        }
        if !t.is_leaf && !flag {
            return Err(RuntimeError::Argument("you can only change requires_grad flags of leaf variables".into()));
        }
        let is_leaf = t.is_leaf;
        t.set_grad_flags(flag, is_leaf);
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
        t.view_base = Some(self.root(t.view_base.as_ref()));
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
        let state = State { requires_grad, is_leaf: !requires_grad, dynamic_dims: DimMask::default(), ..t.state };
        Tensor::from_impl(TensorImpl { dtype, state, ..t })
    }
}

#[cfg(test)]
mod tests;
