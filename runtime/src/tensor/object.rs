//! The tensor object a handle points at: its C-visible header, its
//! reference count, and where its memory comes from.
//!
//! Regenerating an output that aliases an input makes one object per call
//! and the caller releases it after, so the object's life is the wrapper's
//! hot path. The count is the object's own (no weak count), biased to the
//! thread that made the object ([`crate::biased`]), and freed objects' memory stays with the thread that freed them, for the
//! next object it makes, instead of going back through `malloc`. The
//! geometry lives in the header alone ([`Locked`] reads and writes it).

use std::alloc::Layout;
use std::cell::{RefCell, UnsafeCell};
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicI64, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::biased::{self, Biased, Count, Counted};

use super::{Backing, Dims, State, SubclassParts, TensorImpl, MAX_RANK};
use crate::{DType, Device};

/// A reference to a tensor object. `clone()` is another reference to the
/// same object: in-place operations through one are seen through all.
pub struct Tensor(pub(super) NonNull<TensorObject>);

// SAFETY: the object is shared between threads only through its atomics,
// its Mutex and its thread-safe count.
unsafe impl Send for Tensor {}
unsafe impl Sync for Tensor {}

/// What a C handle points at: the tensor object itself, so that retaining
/// and releasing a handle is a reference-count update, not an allocation.
///
/// The header is C layout and part of the ABI (`wrt_tensor_header` in
/// `wrapc_runtime.h`): compiled wrappers read dtype, device, rank, sizes,
/// strides and offset, and bump the version counter, with plain loads and
/// stores. The header is the only home of the tensor's geometry and dtype:
/// the geometry is written only with `state` locked ([`Locked`]) and read
/// under that lock, or lock-free by compiled code; dtype and device never
/// change for a tensor object.
#[repr(C)]
#[derive(Debug)]
pub struct TensorObject {
    dtype: i32,
    device_kind: i32,
    rank: AtomicI64,
    offset: AtomicI64,
    pub(super) sizes: [AtomicI64; MAX_RANK],
    strides: [AtomicI64; MAX_RANK],
    /// The shared version counter (`state.version()`), for inline bumps.
    version: *const AtomicU64,
    /// The storage's base address (device memory for CUDA tensors), for
    /// kernel arguments computed inline.
    data: AtomicPtr<u8>,
    /// The CUDA device ordinal (0 on the host).
    device_index: i32,
    /// 1 for a subclass instance (`subclass` is set): the compiled
    /// argument check refuses one where a plain tensor is expected.
    is_subclass: i32,
    /// Handles to this object (past the C header: not part of the ABI),
    /// counted by a count biased to the thread that made it.
    count: Count,
    /// Guards `state` (and writes of the geometry). A separate cell, not a
    /// `Mutex<State>`: a new object's state is then written with aligned
    /// stores; a `Mutex<State>` value was assembled on the stack in
    /// overlapping pieces next to the lock's poison byte, and reading it
    /// back stalled store forwarding (a third of a view's time here).
    lock: Mutex<()>,
    state: UnsafeCell<State>,
    /// Set once at creation for a tensor-subclass instance.
    pub(super) subclass: Option<Box<SubclassParts>>,
}

// SAFETY: `version` points into the counter the object's `Backing` holds,
// alive as long as the object (`set_` keeps the counter); everything else
// is atomics, behind the Mutex, or the thread-safe count.
unsafe impl Send for TensorObject {}
unsafe impl Sync for TensorObject {}

// SAFETY: `count` is the field; `free` drops the object in place and gives
// its memory back to the pool it came from.
unsafe impl Counted for TensorObject {
    fn count(&self) -> &Count {
        &self.count
    }

    unsafe fn free(this: NonNull<Self>) {
        // SAFETY: no references are left: nothing else can reach the object.
        unsafe {
            std::ptr::drop_in_place(this.as_ptr());
            pool::give(this);
        }
    }
}

impl TensorObject {
    pub(super) fn dtype(&self) -> DType {
        DType::from_code(self.dtype).expect("the header's dtype is written from a DType")
    }

    pub(super) fn dtype_code(&self) -> i32 {
        self.dtype
    }

    pub(super) fn is_cuda(&self) -> bool {
        self.device_kind == 1
    }

    pub(super) fn rank(&self) -> usize {
        self.rank.load(Ordering::Relaxed) as usize
    }
}

/// A tensor object with its state locked: the geometry read through it is
/// consistent, and only through it is the geometry written.
pub(super) struct Locked<'a> {
    object: &'a TensorObject,
    _guard: MutexGuard<'a, ()>,
    state: &'a mut State,
}

impl Locked<'_> {
    pub(super) fn dtype(&self) -> DType {
        self.object.dtype()
    }

    pub(super) fn sizes(&self) -> Dims {
        let rank = self.object.rank();
        self.object.sizes[..rank].iter().map(|s| s.load(Ordering::Relaxed)).collect()
    }

    pub(super) fn strides(&self) -> Dims {
        let rank = self.object.rank();
        self.object.strides[..rank].iter().map(|s| s.load(Ordering::Relaxed)).collect()
    }

    pub(super) fn offset(&self) -> i64 {
        self.object.offset.load(Ordering::Relaxed)
    }

    /// Gives the tensor new sizes, strides and offset (checked by the
    /// caller: in bounds of the storage, rank at most `MAX_RANK`).
    pub(super) fn set_geometry(&mut self, sizes: &[i64], strides: &[i64], offset: i64) {
        debug_assert!(sizes.len() == strides.len() && sizes.len() <= MAX_RANK);
        let h = self.object;
        h.rank.store(sizes.len() as i64, Ordering::Relaxed);
        h.offset.store(offset, Ordering::Relaxed);
        for (d, (size, stride)) in h.sizes.iter().zip(&h.strides).enumerate() {
            size.store(sizes.get(d).copied().unwrap_or(0), Ordering::Relaxed);
            stride.store(strides.get(d).copied().unwrap_or(0), Ordering::Relaxed);
        }
    }

    /// Puts the tensor over `backing`, which must share its version counter
    /// (the header's `version` points at it).
    pub(super) fn set_backing(&mut self, backing: Biased<Backing>) {
        debug_assert!(Arc::ptr_eq(&backing.version, &self.state.backing.version));
        self.object.data.store(backing.storage.data_ptr(), Ordering::Relaxed);
        self.state.backing = backing;
    }

    /// Everything about the tensor, as one value.
    pub(super) fn snapshot(&self) -> TensorImpl {
        TensorImpl {
            offset: self.offset(),
            sizes: self.sizes(),
            strides: self.strides(),
            dtype: self.dtype(),
            state: self.state.clone(),
        }
    }
}

impl std::ops::Deref for Locked<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        self.state
    }
}

impl std::ops::DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut State {
        self.state
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
    /// A new object with one reference, written straight into its memory:
    /// the geometry (checked by the caller: rank at most `MAX_RANK`, in
    /// bounds of the storage) into the header, the rest under the lock.
    #[inline(always)]
    pub(super) fn new_object(
        dtype: DType,
        sizes: &[i64],
        strides: &[i64],
        offset: i64,
        state: State,
        subclass: Option<Box<SubclassParts>>,
    ) -> Tensor {
        debug_assert!(sizes.len() == strides.len() && sizes.len() <= MAX_RANK);
        // Making objects is when a thread merges the ones other threads
        // sent back to it (see `crate::biased`).
        biased::collect();
        let slot = pool::take().as_ptr();
        let device = state.storage().device();
        let data = state.storage().data_ptr();
        let version: *const AtomicU64 = state.version();
        // SAFETY: `slot` is memory for one object, unshared; every field is
        // written once through raw field pointers before the object is used.
        unsafe {
            std::ptr::addr_of_mut!((*slot).dtype).write(dtype as i32);
            std::ptr::addr_of_mut!((*slot).device_kind).write(i32::from(matches!(device, Device::Cuda(_))));
            std::ptr::addr_of_mut!((*slot).rank).write(AtomicI64::new(sizes.len() as i64));
            std::ptr::addr_of_mut!((*slot).offset).write(AtomicI64::new(offset));
            let slot_sizes = std::ptr::addr_of_mut!((*slot).sizes) as *mut AtomicI64;
            let slot_strides = std::ptr::addr_of_mut!((*slot).strides) as *mut AtomicI64;
            for d in 0..MAX_RANK {
                slot_sizes.add(d).write(AtomicI64::new(sizes.get(d).copied().unwrap_or(0)));
                slot_strides.add(d).write(AtomicI64::new(strides.get(d).copied().unwrap_or(0)));
            }
            std::ptr::addr_of_mut!((*slot).version).write(version);
            std::ptr::addr_of_mut!((*slot).data).write(AtomicPtr::new(data));
            let device_index = match device {
                Device::Cuda(index) => index,
                Device::Host => 0,
            };
            std::ptr::addr_of_mut!((*slot).device_index).write(device_index);
            std::ptr::addr_of_mut!((*slot).is_subclass).write(i32::from(subclass.is_some()));
            std::ptr::addr_of_mut!((*slot).subclass).write(subclass);
            std::ptr::addr_of_mut!((*slot).count).write(Count::new());
            std::ptr::addr_of_mut!((*slot).lock).write(Mutex::new(()));
            std::ptr::addr_of_mut!((*slot).state).write(UnsafeCell::new(state));
            Tensor(NonNull::new_unchecked(slot))
        }
    }

    pub(super) fn object(&self) -> &TensorObject {
        // SAFETY: this handle holds a reference, so the object is alive.
        unsafe { self.0.as_ref() }
    }

    pub(super) fn lock(&self) -> Locked<'_> {
        let object = self.object();
        let guard = object.lock.lock().unwrap_or_else(|poison| poison.into_inner());
        // SAFETY: the lock is held for the guard's life, so this is the
        // state's only reference.
        let state = unsafe { &mut *object.state.get() };
        Locked { object, _guard: guard, state }
    }

    /// A raw owning pointer (one reference) for the C ABI.
    pub fn into_raw(self) -> *const TensorObject {
        let raw = self.0.as_ptr();
        std::mem::forget(self);
        raw
    }

    /// Takes back one reference made by [`Tensor::into_raw`].
    ///
    /// # Safety
    /// `raw` must come from `into_raw` and own the reference it gives back.
    pub unsafe fn from_raw(raw: *const TensorObject) -> Tensor {
        // SAFETY: `into_raw` gave out a non-null pointer to a live object.
        Tensor(unsafe { NonNull::new_unchecked(raw as *mut TensorObject) })
    }

    /// The object's address, for identity and for ordering locks.
    pub(super) fn as_ptr(&self) -> *const TensorObject {
        self.0.as_ptr()
    }

    /// How many handles the object has.
    #[cfg(test)]
    pub(super) fn handles(&self) -> isize {
        self.object().count.references()
    }
}

impl Clone for Tensor {
    #[inline(always)]
    fn clone(&self) -> Tensor {
        self.object().count.increment();
        Tensor(self.0)
    }
}

impl Drop for Tensor {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: this handle's reference is given up.
        unsafe { biased::release(self.0) }
    }
}

impl std::fmt::Debug for Tensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Tensor").field(self.object()).finish()
    }
}

/// Memory for tensor objects, kept per thread.
mod pool {
    use super::*;

    /// Freed objects a thread keeps for its next ones (bounded: a burst of
    /// frees gives the rest back to `malloc`). None in a debug build outside
    /// unit tests: there every object goes back to the allocator, so that
    /// the sanitizers (`make sanitize`) see each object's life.
    const POOLED: bool = cfg!(any(test, not(debug_assertions)));
    const KEEP: usize = 64;

    const LAYOUT: Layout = Layout::new::<TensorObject>();

    struct Free(Vec<NonNull<TensorObject>>);

    impl Drop for Free {
        fn drop(&mut self) {
            for object in self.0.drain(..) {
                // SAFETY: each entry is memory from `alloc` with LAYOUT,
                // holding no object.
                unsafe { std::alloc::dealloc(object.as_ptr().cast(), LAYOUT) };
            }
        }
    }

    thread_local! {
        static FREE: RefCell<Free> = const { RefCell::new(Free(Vec::new())) };
    }

    /// Memory for one object, uninitialized.
    pub(super) fn take() -> NonNull<TensorObject> {
        let kept = FREE.try_with(|free| free.try_borrow_mut().ok().and_then(|mut free| free.0.pop())).ok().flatten();
        kept.unwrap_or_else(|| {
            // SAFETY: LAYOUT is not zero-sized.
            let memory = unsafe { std::alloc::alloc(LAYOUT) };
            NonNull::new(memory.cast::<MaybeUninit<TensorObject>>().cast())
                .unwrap_or_else(|| std::alloc::handle_alloc_error(LAYOUT))
        })
    }

    /// Takes back memory from [`take`] whose object has been dropped.
    ///
    /// # Safety
    /// `object` must come from `take` and hold no live object.
    pub(super) unsafe fn give(object: NonNull<TensorObject>) {
        let kept = FREE
            .try_with(|free| {
                let Ok(mut free) = free.try_borrow_mut() else { return false };
                if !POOLED || free.0.len() >= KEEP {
                    return false;
                }
                if free.0.capacity() == 0 {
                    free.0.reserve_exact(KEEP);
                }
                free.0.push(object);
                true
            })
            .unwrap_or(false);
        if !kept {
            // SAFETY: the caller's contract: memory from `alloc` with LAYOUT.
            unsafe { std::alloc::dealloc(object.as_ptr().cast(), LAYOUT) };
        }
    }
}
