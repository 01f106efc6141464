//! The tensor object a handle points at: its C-visible header, its
//! reference count, and where its memory comes from.
//!
//! Regenerating an output that aliases an input makes one object per call
//! and the caller releases it after, so the object's life is the wrapper's
//! hot path. The count is the object's own (one atomic, no weak count) and
//! freed objects' memory stays with the thread that freed them, for the
//! next object it makes, instead of going back through `malloc`.

use std::alloc::Layout;
use std::cell::RefCell;
use std::mem::MaybeUninit;
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicI64, AtomicPtr, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use super::{SubclassParts, TensorImpl, MAX_RANK};
use crate::Device;

/// A reference to a tensor object. `clone()` is another reference to the
/// same object: in-place operations through one are seen through all.
pub struct Tensor(pub(super) NonNull<TensorObject>);

// SAFETY: the object is shared between threads only through its atomics
// and its Mutex, and its count is atomic.
unsafe impl Send for Tensor {}
unsafe impl Sync for Tensor {}

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
    pub(super) rank: AtomicI64,
    offset: AtomicI64,
    pub(super) sizes: [AtomicI64; MAX_RANK],
    strides: [AtomicI64; MAX_RANK],
    /// The shared version counter (`inner.version()`), for inline bumps.
    version: *const AtomicU64,
    /// The storage's base address (device memory for CUDA tensors), for
    /// kernel arguments computed inline.
    data: AtomicPtr<u8>,
    /// The CUDA device ordinal (0 on the host).
    device_index: i32,
    /// 1 for a subclass instance (`subclass` is set): the compiled
    /// argument check refuses one where a plain tensor is expected.
    is_subclass: i32,
    /// Handles to this object (past the C header: not part of the ABI).
    refs: AtomicUsize,
    pub(super) inner: Mutex<TensorImpl>,
    /// Set once at creation for a tensor-subclass instance.
    pub(super) subclass: Option<Box<SubclassParts>>,
}

// SAFETY: `version` points into the counter the object's `Backing` holds,
// alive as long as the object (`set_` keeps the counter); everything else
// is atomics or behind the Mutex.
unsafe impl Send for TensorObject {}
unsafe impl Sync for TensorObject {}

impl TensorObject {
    pub(super) fn dtype_code(&self) -> i32 {
        self.dtype
    }

    pub(super) fn is_cuda(&self) -> bool {
        self.device_kind == 1
    }

    /// Mirrors the geometry of `t` (the locked `inner`) into the header.
    pub(super) fn publish(&self, t: &TensorImpl) {
        self.rank.store(t.sizes.len() as i64, Ordering::Relaxed);
        self.offset.store(t.offset, Ordering::Relaxed);
        self.data.store(t.storage().data_ptr(), Ordering::Relaxed);
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
    /// A new object with one reference, built where it lives: the state
    /// made by `make` is written straight into the object's memory (a
    /// view's state is ~200 bytes; copies of it were a quarter of making
    /// one).
    #[inline(always)]
    pub(super) fn new_with(make: impl FnOnce() -> TensorImpl, subclass: Option<Box<SubclassParts>>) -> Tensor {
        let slot = pool::take().as_ptr();
        // SAFETY: `slot` is memory for one object, unshared; every field is
        // written once through raw field pointers before the object is
        // used: `inner` first, then the header from it.
        unsafe {
            std::ptr::addr_of_mut!((*slot).inner).write(Mutex::new(make()));
            let inner = (*std::ptr::addr_of_mut!((*slot).inner)).get_mut().unwrap_or_else(|p| p.into_inner());
            let device = inner.storage().device();
            std::ptr::addr_of_mut!((*slot).dtype).write(inner.dtype as i32);
            std::ptr::addr_of_mut!((*slot).device_kind).write(i32::from(matches!(device, Device::Cuda(_))));
            std::ptr::addr_of_mut!((*slot).rank).write(AtomicI64::new(inner.sizes.len() as i64));
            std::ptr::addr_of_mut!((*slot).offset).write(AtomicI64::new(inner.offset));
            let sizes = std::ptr::addr_of_mut!((*slot).sizes) as *mut AtomicI64;
            let strides = std::ptr::addr_of_mut!((*slot).strides) as *mut AtomicI64;
            for d in 0..MAX_RANK {
                sizes.add(d).write(AtomicI64::new(inner.sizes.get(d).copied().unwrap_or(0)));
                strides.add(d).write(AtomicI64::new(inner.strides.get(d).copied().unwrap_or(0)));
            }
            std::ptr::addr_of_mut!((*slot).version).write(inner.version());
            std::ptr::addr_of_mut!((*slot).data).write(AtomicPtr::new(inner.storage().data_ptr()));
            let device_index = match device {
                Device::Cuda(index) => index,
                Device::Host => 0,
            };
            std::ptr::addr_of_mut!((*slot).device_index).write(device_index);
            std::ptr::addr_of_mut!((*slot).is_subclass).write(i32::from(subclass.is_some()));
            std::ptr::addr_of_mut!((*slot).subclass).write(subclass);
            std::ptr::addr_of_mut!((*slot).refs).write(AtomicUsize::new(1));
            Tensor(NonNull::new_unchecked(slot))
        }
    }

    pub(super) fn object(&self) -> &TensorObject {
        // SAFETY: this handle holds a reference, so the object is alive.
        unsafe { self.0.as_ref() }
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
    pub(super) fn handles(&self) -> usize {
        self.object().refs.load(Ordering::SeqCst)
    }
}

impl Clone for Tensor {
    fn clone(&self) -> Tensor {
        // Relaxed as in `Arc`: a new reference is made from an existing
        // one, which already orders everything before it.
        let old = self.object().refs.fetch_add(1, Ordering::Relaxed);
        if old > isize::MAX as usize {
            // As `Arc`: a count this high means references are leaked in
            // a loop; wrapping would free a live object.
            std::process::abort();
        }
        Tensor(self.0)
    }
}

impl Drop for Tensor {
    fn drop(&mut self) {
        if self.object().refs.fetch_sub(1, Ordering::Release) != 1 {
            return;
        }
        // Every other handle's uses happen before the object is dropped.
        fence(Ordering::Acquire);
        // SAFETY: this was the last reference: nothing else can reach the
        // object; its memory goes back to the pool it came from.
        unsafe {
            std::ptr::drop_in_place(self.0.as_ptr());
            pool::give(self.0);
        }
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
