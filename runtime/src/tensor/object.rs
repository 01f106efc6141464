//! The tensor object a handle points at: its C-visible header, its
//! reference count, and where its memory comes from.
//!
//! Regenerating an output that aliases an input makes one object per call
//! and the caller releases it after, so the object's life is the wrapper's
//! hot path. The count is the object's own (no weak count), biased to the
//! thread that made the object ([`crate::biased`]); freed objects' memory
//! stays with the thread that freed them ([`ObjectPool`]), for the next
//! object it makes, instead of going back through `malloc`. The geometry
//! lives in the header alone ([`Locked`] writes it). The owner thread makes
//! views of an object without its lock ([`Tensor::view_on`]).

use std::alloc::Layout;
use std::cell::{Cell, UnsafeCell};
use std::mem::{ManuallyDrop, MaybeUninit};
use std::ptr::NonNull;
use std::sync::atomic::{fence, AtomicBool, AtomicI64, AtomicPtr, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use crate::biased::{self, Biased, Count, Counted};
use crate::thread::{self, Thread};

use super::{geometry, Backing, DimMask, Dims, State, SubclassParts, TensorImpl, MAX_RANK};
use crate::{DType, Device};

/// A reference to a tensor object. `clone()` is another reference to the
/// same object: in-place operations through one are seen through all.
#[repr(transparent)]
pub struct Tensor(pub(super) NonNull<TensorObject>);

// SAFETY: the object is shared between threads only through its atomics,
// its Mutex and its thread-safe count.
unsafe impl Send for Tensor {}
unsafe impl Sync for Tensor {}

/// A handle to a tensor object, as the C ABI names it; each handle owns
/// one reference (release with `wrt_tensor_release`). It points at the
/// object itself, so retain and release only touch the reference count.
#[allow(non_camel_case_types)]
pub type wrt_tensor = TensorObject;

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
    /// Always 0: a runtime object is never an embedder's borrowed header
    /// (`wrt_borrowed_tensor`, which sets it to 1).
    borrowed: i32,
    /// Handles to this object (past the C header: not part of the ABI),
    /// counted by a count biased to the thread that made it.
    count: Count,
    /// Guards `state` (and writes of the geometry). A separate cell, not a
    /// `Mutex<State>`: a new object's state is then written with aligned
    /// stores; a `Mutex<State>` value was assembled on the stack in
    /// overlapping pieces next to the lock's poison byte, and reading it
    /// back stalled store forwarding (a third of a view's time here).
    lock: Mutex<()>,
    /// Odd while the lock is held, bumped twice per locking: a reader on
    /// the object's owner thread reads `state` without the lock and checks
    /// that this did not change ([`Tensor::view_on`]).
    seq: AtomicU64,
    state: UnsafeCell<State>,
    /// Set once at creation for a tensor-subclass instance.
    pub(super) subclass: Option<Box<SubclassParts>>,
    /// A view of this object (a root) that was released on the owner's
    /// thread, kept for the next view of the same geometry
    /// ([`TensorObject::park`], [`Tensor::unpark`]); null for none. Touched
    /// only on the owner's thread, and by this object's drop.
    spare: Cell<*mut TensorObject>,
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

    #[inline(always)]
    unsafe fn free(this: NonNull<Self>, thread: Option<&Thread>) {
        // SAFETY: forwarded.
        if thread.is_some_and(|thread| unsafe { TensorObject::park(this, thread) }) {
            return;
        }
        // SAFETY (all three): no references are left, nothing else can
        // reach the object.
        let free_on = |thread: &Thread| unsafe {
            TensorObject::drop_in(this, Some(thread));
            ObjectPool::give(thread, this);
        };
        if let Some(thread) = thread {
            return free_on(thread);
        }
        if thread::with(free_on).is_none() {
            // The thread is exiting: its pool is gone.
            unsafe {
                TensorObject::drop_in(this, None);
                ObjectPool::deallocate(this);
            }
        }
    }
}

impl TensorObject {
    /// Drops the object in place, giving back its references with the
    /// calling thread's state at hand (one thread-local lookup for the
    /// whole release instead of one per reference).
    ///
    /// # Safety
    /// `this` is a live object no one holds a reference to any more.
    #[inline(always)]
    unsafe fn drop_in(this: NonNull<Self>, thread: Option<&Thread>) {
        const { assert!(!std::mem::needs_drop::<Count>() && !std::mem::needs_drop::<Mutex<()>>()) };
        // Every field named, the two with destructors bound: one added
        // later is not forgotten. Read field by field, not as a whole
        // object copied through the stack.
        // SAFETY: the caller's contract; each is read once, never used again.
        let TensorObject {
            dtype: _,
            device_kind: _,
            rank: _,
            offset: _,
            sizes: _,
            strides: _,
            version: _,
            data: _,
            device_index: _,
            is_subclass: _,
            borrowed: _,
            count: _,
            lock: _,
            seq: _,
            state,
            subclass,
            spare,
        } = unsafe { &mut *this.as_ptr() };
        let (state, subclass) = unsafe { (std::ptr::read(state.get()), std::ptr::read(subclass)) };
        state.release_in(thread);
        if let Some(parts) = subclass {
            drop_subclass(parts);
        }
        if let Some(spare) = NonNull::new(spare.get()) {
            // SAFETY: a parked view is referenced by nothing but this slot.
            unsafe { TensorObject::free_parked(spare, thread) };
        }
    }

    /// The state's backing, `_base` (null for none) and `requires_grad`,
    /// read without the lock: `None` when someone held the lock meanwhile.
    /// Only writes under the lock change these, with atomic stores.
    #[inline(always)]
    fn read_unlocked(&self) -> Option<(*mut (), *mut (), bool)> {
        let seq = self.seq.load(Ordering::Acquire);
        if seq & 1 != 0 {
            return None;
        }
        let state = self.state.get();
        // SAFETY: the fields are live (the object is), `Biased` and
        // `Option<Tensor>` are one (nullable) pointer, and every write of
        // the three after the object was made is an atomic store.
        let read = unsafe {
            (
                AtomicPtr::from_ptr(std::ptr::addr_of_mut!((*state).backing).cast::<*mut ()>()).load(Ordering::Relaxed),
                AtomicPtr::from_ptr(std::ptr::addr_of_mut!((*state).view_base).cast::<*mut ()>())
                    .load(Ordering::Relaxed),
                AtomicBool::from_ptr(std::ptr::addr_of_mut!((*state).requires_grad)).load(Ordering::Relaxed),
            )
        };
        // The reads above happen before the check below.
        fence(Ordering::Acquire);
        (self.seq.load(Ordering::Relaxed) == seq).then_some(read)
    }

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

/// Out of line: a view's release (the hot path) only checks for none.
#[cold]
fn drop_subclass(parts: Box<SubclassParts>) {
    drop(parts);
}

/// A tensor object with its state locked: the geometry read through it is
/// consistent, and only through it is the geometry written.
pub(super) struct Locked<'a> {
    object: &'a TensorObject,
    _guard: MutexGuard<'a, ()>,
    /// The state, by raw pointer rather than `&mut`: the owner thread reads
    /// three of its fields meanwhile without the lock ([`Tensor::view_on`]),
    /// which a unique reference held across the lock would not allow. Writes
    /// go through it field by field; `Deref` lends it shared, briefly.
    state: *mut State,
    /// `object.seq` when locked (it is odd until the lock is let go).
    seq: u64,
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        // Before the guard lets go: the writes are done.
        self.object.seq.store(self.seq + 2, Ordering::Release);
    }
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
        debug_assert!(Arc::ptr_eq(&backing.version, &self.backing.version));
        self.object.data.store(backing.storage.data_ptr(), Ordering::Relaxed);
        let backing = ManuallyDrop::new(backing);
        // SAFETY: `Biased` is one pointer; the owner's lock-free reads of
        // it are atomic loads, so the store is atomic too.
        let slot = unsafe { AtomicPtr::from_ptr(std::ptr::addr_of_mut!((*self.state).backing).cast::<*mut ()>()) };
        let old = slot.swap(backing.as_raw(), Ordering::Relaxed);
        // SAFETY: the state's reference to the old backing, given up.
        unsafe { Biased::<Backing>::from_raw(old) }.release_for(self.object.count.owner());
        // A view parked in this root holds the old storage: let it go now
        // on the owner's thread, the only one that touches the slot (on
        // another, the owner's next view of the root or its drop does).
        let object = self.object;
        if object.count.owned_by_thread(thread::current()) {
            if let Some(spare) = NonNull::new(object.spare.replace(std::ptr::null_mut())) {
                // SAFETY: parked, now out of the slot: referenced by nothing.
                unsafe { TensorObject::free_parked(spare, None) };
            }
        }
    }

    /// Makes the tensor a view whose `_base` is `root`.
    pub(super) fn set_view_base(&mut self, root: Tensor) {
        let root = ManuallyDrop::new(root);
        // SAFETY: `Option<Tensor>` is one nullable pointer; the owner's
        // lock-free reads of it are atomic loads, so the store is atomic.
        let slot = unsafe { AtomicPtr::from_ptr(std::ptr::addr_of_mut!((*self.state).view_base).cast::<*mut ()>()) };
        let old = slot.swap(root.as_ptr() as *mut (), Ordering::Relaxed);
        if let Some(old) = NonNull::new(old) {
            // The state's reference to the old base, given up.
            Tensor(old.cast()).release_for(self.object.count.owner());
        }
    }

    /// Sets `requires_grad` and `is_leaf`.
    pub(super) fn set_grad_flags(&mut self, requires_grad: bool, is_leaf: bool) {
        // SAFETY: the owner's lock-free reads of the flag are atomic loads,
        // so the store is atomic too.
        unsafe { AtomicBool::from_ptr(std::ptr::addr_of_mut!((*self.state).requires_grad)) }
            .store(requires_grad, Ordering::Relaxed);
        // SAFETY: the lock is held; no one reads `is_leaf` without it.
        unsafe { (*self.state).is_leaf = is_leaf };
    }

    /// Marks dimension `dim` (checked by the caller) dynamic.
    pub(super) fn mark_dynamic(&mut self, dim: i64) {
        // SAFETY: the lock is held; no one reads `dynamic_dims` without it.
        unsafe { (*self.state).dynamic_dims.insert(dim) };
    }

    /// Everything about the tensor, as one value.
    pub(super) fn snapshot(&self) -> TensorImpl {
        TensorImpl {
            offset: self.offset(),
            sizes: self.sizes(),
            strides: self.strides(),
            dtype: self.dtype(),
            state: (**self).clone(),
        }
    }
}

impl std::ops::Deref for Locked<'_> {
    type Target = State;
    fn deref(&self) -> &State {
        // SAFETY: the lock is held, so no write but through `self` (which
        // this borrow excludes) happens meanwhile; the owner's lock-free
        // reads are reads.
        unsafe { &*self.state }
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
    pub const BORROWED: usize = std::mem::offset_of!(TensorObject, borrowed);
}

/// What a new tensor object is made of: its geometry (checked by the
/// maker: rank at most `MAX_RANK`, in bounds of the storage) and dtype for
/// the header, its state, and its subclass parts if it is an instance.
pub(super) struct NewObject<'a> {
    pub(super) dtype: DType,
    pub(super) sizes: &'a [i64],
    pub(super) strides: &'a [i64],
    pub(super) offset: i64,
    pub(super) state: State,
    pub(super) subclass: Option<Box<SubclassParts>>,
}

impl Tensor {
    /// A new object with one reference, written straight into its memory:
    /// the geometry (checked by the caller: in bounds of the storage) into
    /// the header, the state beside it.
    #[inline(always)]
    pub(super) fn new_object(object: NewObject<'_>) -> Tensor {
        let (me, slot) = thread::with(|thread| (thread.id(), Tensor::slot_on(thread)))
            .unwrap_or_else(|| (thread::EXITED, ObjectPool::allocate()));
        // SAFETY: a slot just taken.
        unsafe { Tensor::write_object(slot, me, object) }
    }

    /// Memory for a new object on `thread`.
    #[inline(always)]
    fn slot_on(thread: &Thread) -> NonNull<TensorObject> {
        // Making objects is when a thread merges the ones other threads
        // sent back to it (see `crate::biased`).
        thread.collect();
        ObjectPool::take(thread)
    }

    /// Writes a new object, owned by the thread whose id is `me`, into
    /// `slot`.
    ///
    /// # Safety
    /// `slot` is memory for one object from [`ObjectPool`], unshared.
    #[inline(always)]
    unsafe fn write_object(slot: NonNull<TensorObject>, me: u64, object: NewObject<'_>) -> Tensor {
        let NewObject { dtype, sizes, strides, offset, state, subclass } = object;
        // The header's arrays are written below by raw pointer: a caller's
        // missed rank check must stop here, not write past them (makers
        // check first and name the error; this is one predictable branch).
        assert!(sizes.len() <= MAX_RANK && strides.len() == sizes.len(), "a new object's rank is checked");
        let slot = slot.as_ptr();
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
            // Only the dimensions the rank names: the header's entries past
            // it are unspecified (compiled code checks the rank first and
            // reads below it), and writing all MAX_RANK of each, zeros and
            // all, was a tenth of a view's time. The memory holds integers
            // either way: the pool's slots start zeroed
            // ([`ObjectPool::allocate`]).
            for d in 0..sizes.len() {
                slot_sizes.add(d).write(AtomicI64::new(sizes[d]));
                slot_strides.add(d).write(AtomicI64::new(strides[d]));
            }
            std::ptr::addr_of_mut!((*slot).version).write(version);
            std::ptr::addr_of_mut!((*slot).data).write(AtomicPtr::new(data));
            let device_index = match device {
                Device::Cuda(index) => index,
                Device::Host => 0,
            };
            std::ptr::addr_of_mut!((*slot).device_index).write(device_index);
            std::ptr::addr_of_mut!((*slot).is_subclass).write(i32::from(subclass.is_some()));
            std::ptr::addr_of_mut!((*slot).borrowed).write(0);
            std::ptr::addr_of_mut!((*slot).subclass).write(subclass);
            std::ptr::addr_of_mut!((*slot).spare).write(Cell::new(std::ptr::null_mut()));
            std::ptr::addr_of_mut!((*slot).count).write(Count::owned_by(me));
            std::ptr::addr_of_mut!((*slot).lock).write(Mutex::new(()));
            std::ptr::addr_of_mut!((*slot).seq).write(AtomicU64::new(0));
            // Field by field: a `State` value assembled on the stack (its
            // flags written a byte at a time) and copied in wide loads
            // stalls store forwarding.
            let State { backing, requires_grad, is_leaf, dynamic_dims, view_base } = state;
            let slot_state = UnsafeCell::raw_get(std::ptr::addr_of_mut!((*slot).state));
            std::ptr::addr_of_mut!((*slot_state).backing).write(backing);
            std::ptr::addr_of_mut!((*slot_state).requires_grad).write(requires_grad);
            std::ptr::addr_of_mut!((*slot_state).is_leaf).write(is_leaf);
            std::ptr::addr_of_mut!((*slot_state).dynamic_dims).write(dynamic_dims);
            std::ptr::addr_of_mut!((*slot_state).view_base).write(view_base);
            Tensor(NonNull::new_unchecked(slot))
        }
    }

    /// The address of the tensor's `Storage` (its id) without the lock, on
    /// the thread that owns the object: `None` on another thread or when
    /// someone held the lock meanwhile. A mirror's storage is asked for
    /// twice per argument per call; the lock was 5% of a call of 128.
    ///
    /// What it reads stays alive as in [`Tensor::view_on`]: a writer on
    /// another thread gives its reference to a replaced backing back on the
    /// owner's thread, which is this one.
    #[inline]
    pub(super) fn storage_id_unlocked(&self) -> Option<usize> {
        let object = self.object();
        if !object.count.owned_by_thread(crate::thread::current()) {
            return None;
        }
        let (backing, _, _) = object.read_unlocked()?;
        // SAFETY: read from the state, alive (see above); borrowed, not taken.
        let backing = ManuallyDrop::new(unsafe { Biased::<Backing>::from_raw(backing) });
        Some(Arc::as_ptr(&backing.storage) as usize)
    }

    /// `self.as_strided(sizes, strides, offset)` without the lock, on the
    /// hot path of regenerating an output that aliases an input: `None`
    /// when it does not apply (a subclass, a base owned by another thread,
    /// its lock held right now, a geometry out of bounds), and then
    /// [`Tensor::as_strided`] takes the general path and names any error.
    ///
    /// The base's owner reads its state without the lock, and checks that
    /// no one locked it meanwhile (`seq`). What it read, the storage and
    /// `_base`, stays alive while it takes references to them: a writer on
    /// another thread that replaces them gives its references back on the
    /// owner's thread ([`biased::release_for`]), which is busy here.
    #[inline]
    pub(super) fn view_on(&self, thread: &Thread, sizes: &[i64], strides: &[i64], offset: i64) -> Option<Tensor> {
        let base = self.object();
        let me = thread.id();
        if base.subclass.is_some() || !base.count.owned_by_thread(me) || sizes.len() > MAX_RANK {
            return None;
        }
        let (backing, root, requires_grad) = base.read_unlocked()?;
        if root.is_null() {
            if let Some(view) = self.unpark(thread, backing, requires_grad, sizes, strides, offset) {
                return Some(view);
            }
        }
        let end = geometry::view_extent(sizes, strides, offset)?;
        // SAFETY: read from the state, alive (see above); a new reference.
        let backing = ManuallyDrop::new(unsafe { Biased::<Backing>::from_raw(backing) }).clone_as(me);
        let bytes = (end as u64).checked_mul(base.dtype().element_size() as u64);
        if bytes.is_none_or(|bytes| bytes > backing.storage.nbytes() as u64) {
            backing.release_on(thread);
            return None;
        }
        let root = match NonNull::new(root) {
            // SAFETY: as the backing.
            Some(root) => ManuallyDrop::new(Tensor(root.cast())).clone_as(me),
            None => self.clone_as(me),
        };
        let state = State {
            backing,
            requires_grad,
            is_leaf: !(requires_grad && thread.grad_enabled()),
            dynamic_dims: DimMask::default(),
            view_base: Some(root),
        };
        let slot = Tensor::slot_on(thread);
        // SAFETY: a slot just taken.
        let view = NewObject { dtype: base.dtype(), sizes, strides, offset, state, subclass: None };
        Some(unsafe { Tensor::write_object(slot, me, view) })
    }

    /// [`Clone::clone`] on the thread whose id is `me`.
    #[inline(always)]
    fn clone_as(&self, me: u64) -> Tensor {
        self.object().count.increment_as(me);
        Tensor(self.0)
    }

    /// [`Drop::drop`] with the calling thread's state at hand.
    #[inline(always)]
    pub(super) fn release_on(self, thread: &Thread) {
        let this = ManuallyDrop::new(self);
        // SAFETY: this handle's reference is given up.
        unsafe { biased::release_on(this.0, thread) }
    }

    /// Gives up this reference on `owner`'s thread ([`biased::release_for`]).
    fn release_for(self, owner: u64) {
        let this = ManuallyDrop::new(self);
        // SAFETY: this handle's reference is given up.
        unsafe { biased::release_for(this.0, owner) }
    }

    pub(super) fn object(&self) -> &TensorObject {
        // SAFETY: this handle holds a reference, so the object is alive.
        unsafe { self.0.as_ref() }
    }

    pub(super) fn lock(&self) -> Locked<'_> {
        let object = self.object();
        let guard = object.lock.lock().unwrap_or_else(|poison| poison.into_inner());
        let state = object.state.get();
        let seq = object.seq.load(Ordering::Relaxed);
        object.seq.store(seq + 1, Ordering::Relaxed);
        // The odd count is seen before any write under the lock.
        fence(Ordering::Release);
        Locked { object, _guard: guard, state, seq }
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

/// Memory for tensor objects: a block kept in the thread's pool
/// ([`crate::pool`]), else the allocator's.
pub(crate) struct ObjectPool;

impl ObjectPool {
    const LAYOUT: Layout = Layout::new::<TensorObject>();
    /// None in a debug build outside unit tests: there every object goes
    /// back to the allocator, so that the sanitizers (`make sanitize`) see
    /// each object's life.
    const POOLED: bool = cfg!(any(test, not(debug_assertions)));

    /// Memory for one object on `thread`, uninitialized.
    #[inline(always)]
    fn take(thread: &Thread) -> NonNull<TensorObject> {
        match thread.objects.take() {
            Some(block) => block.cast(),
            None => ObjectPool::allocate(),
        }
    }

    fn allocate() -> NonNull<TensorObject> {
        // Zeroed: a new object writes the header's sizes and strides only
        // up to its rank, and the rest must still be integers.
        // SAFETY: LAYOUT is not zero-sized.
        let memory = unsafe { std::alloc::alloc_zeroed(ObjectPool::LAYOUT) };
        NonNull::new(memory.cast::<MaybeUninit<TensorObject>>().cast())
            .unwrap_or_else(|| std::alloc::handle_alloc_error(ObjectPool::LAYOUT))
    }

    /// Takes back memory from [`ObjectPool::take`] (of any thread's pool)
    /// whose object has been dropped, into `thread`'s pool.
    ///
    /// # Safety
    /// `object` must come from `take` and hold no live object.
    #[inline(always)]
    unsafe fn give(thread: &Thread, object: NonNull<TensorObject>) {
        if ObjectPool::POOLED {
            // SAFETY: the caller's contract; every block of a thread's
            // pool is a tensor object's.
            if unsafe { thread.objects.keep(object.cast(), ObjectPool::LAYOUT) }.is_ok() {
                return;
            }
        }
        // SAFETY: forwarded.
        unsafe { ObjectPool::deallocate(object) }
    }

    /// # Safety
    /// As [`ObjectPool::give`].
    unsafe fn deallocate(object: NonNull<TensorObject>) {
        // SAFETY: the caller's contract: memory from `alloc` with LAYOUT.
        unsafe { std::alloc::dealloc(object.as_ptr().cast(), ObjectPool::LAYOUT) };
    }
}

mod park;

#[cfg(test)]
mod tests;
