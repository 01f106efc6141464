//! Reference counts biased to the thread that made the object.
//!
//! A regenerated view is the wrapper's hot path: the view takes a reference
//! to its base's storage and to its `_base`, and the caller's release gives
//! both back, almost always on the thread that made them all. Atomic
//! read-modify-writes are what such a view costs: 8–12 ns each on the
//! NVIDIA H200 machine's CPU (`scripts/gpu/atomic_cost.c`), four per view.
//!
//! A biased count (the scheme of "Biased Reference Counting", PACT 2018,
//! which CPython's free-threaded build also uses) keeps two counts. The
//! thread that made the object, its owner, updates `local` with plain
//! loads and stores; every other thread updates `shared` atomically. The
//! object is alive while their sum is positive:
//!
//! * The owner's last reference *merges* the counts: if `shared` is zero
//!   nobody else holds one and the owner frees the object, else it marks
//!   the count merged (from then on `shared` alone counts, for everyone)
//!   and whoever takes `shared` to zero frees.
//! * Another thread may take `shared` below zero (it releases a reference
//!   the owner made and handed it). It cannot know `local`, so it marks the
//!   count queued and sends the object to the owner, who merges it the
//!   next time it makes a tensor object or a storage, when its own last
//!   reference to a queued object goes, or when it exits. If the owner has
//!   already exited, its `local` can no longer change and the sender merges
//!   at once. Until then what the object holds stays alive: a thread that
//!   owns objects and then makes none (blocked, or only releasing) keeps
//!   what other threads sent it.
//!
//! Thread ids are never reused, so an exited owner's objects are never
//! mistaken for a new thread's.

use std::cell::UnsafeCell;
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicIsize, AtomicU64, Ordering};

use crate::registry::{self, Queued};
use crate::thread::{self, Thread};

/// `shared` is `count << 2 | flags`: the flags survive adding and
/// subtracting [`ONE`], and a negative count stays negative.
const ONE: isize = 4;
/// Set once the owner gave up its count: `shared` alone counts.
const MERGED: isize = 1;
/// Set while the object waits in its owner's inbox: only the merge frees it.
const QUEUED: isize = 2;

/// The owner of a merged count: no thread.
const NO_OWNER: u64 = 0;

/// An object's two counts. A new count holds one reference, the owner's.
pub(crate) struct Count {
    owner: AtomicU64,
    /// Touched only by the owner, or by a merge after the owner exited
    /// (ordered after its last touch by the thread registry's lock).
    local: UnsafeCell<usize>,
    shared: AtomicIsize,
}

// SAFETY: `local` is only touched by one thread at a time (see above);
// everything else is atomic.
unsafe impl Send for Count {}
unsafe impl Sync for Count {}

impl Count {
    pub(crate) fn new() -> Count {
        Count::owned_by(thread::current())
    }

    /// A count made on the thread whose id is `me` ([`thread::current`]).
    #[inline(always)]
    pub(crate) fn owned_by(me: u64) -> Count {
        if me == thread::EXITED {
            // An exiting thread owns nothing.
            return Count {
                owner: AtomicU64::new(NO_OWNER),
                local: UnsafeCell::new(0),
                shared: AtomicIsize::new(ONE | MERGED),
            };
        }
        Count { owner: AtomicU64::new(me), local: UnsafeCell::new(1), shared: AtomicIsize::new(0) }
    }

    /// Takes one more reference (the caller holds one).
    #[inline(always)]
    pub(crate) fn increment(&self) {
        self.increment_as(thread::current())
    }

    /// [`Count::increment`] on the thread whose id is `me`.
    #[inline(always)]
    pub(crate) fn increment_as(&self, me: u64) {
        if self.owner.load(Ordering::Relaxed) == me {
            // SAFETY: this thread is the owner, the only one touching `local`.
            unsafe { *self.local.get() += 1 };
            return;
        }
        // Relaxed as in `Arc`: a new reference is made from an existing one.
        if self.shared.fetch_add(ONE, Ordering::Relaxed) > isize::MAX / 2 {
            // As `Arc`: a count this high means references leak in a loop;
            // wrapping would free a live object.
            std::process::abort();
        }
    }

    /// The owning thread's id ([`NO_OWNER`] once merged). Acquire: a
    /// thread that sees the owner gave up its count also sees everything
    /// the owner did before (its reads of what the object holds, for
    /// [`release_for`]).
    #[inline(always)]
    pub(crate) fn owner(&self) -> u64 {
        self.owner.load(Ordering::Acquire)
    }

    /// Whether the thread whose id is `me` owns the count: then only that
    /// thread can free or merge it (another thread's release of the
    /// object is sent to it).
    #[inline(always)]
    pub(crate) fn owned_by_thread(&self, me: u64) -> bool {
        self.owner.load(Ordering::Relaxed) == me
    }

    /// How many references there are, read on the owner's thread (tests).
    #[cfg(test)]
    pub(crate) fn references(&self) -> isize {
        // SAFETY: the caller is on the owner's thread (or the count merged).
        let local = unsafe { *self.local.get() } as isize;
        local + (self.shared.load(Ordering::SeqCst) >> 2)
    }
}

impl std::fmt::Debug for Count {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Count").field("owner", &self.owner.load(Ordering::Relaxed)).finish_non_exhaustive()
    }
}

/// An object with a [`Count`], freed through [`release`].
///
/// # Safety
/// `count` returns the same count for the object's whole life, and `free`
/// drops the object and gives back its memory.
pub(crate) unsafe trait Counted: Send + Sync {
    fn count(&self) -> &Count;

    /// # Safety
    /// `this` is a live object no one holds a reference to any more.
    ///
    /// `thread` is the calling thread's state when the caller has it at
    /// hand (`None`: look it up, if the thread is not exiting).
    unsafe fn free(this: NonNull<Self>, thread: Option<&Thread>);
}

/// Gives back one reference to `object`, freeing it if it was the last.
///
/// # Safety
/// The caller holds a reference to `object` and gives it up.
#[inline(always)]
pub(crate) unsafe fn release<T: Counted>(object: NonNull<T>) {
    // SAFETY: forwarded (once: `with` runs the body or returns None).
    if thread::with(|thread| unsafe { release_on(object, thread) }).is_none() {
        // SAFETY: forwarded; the thread is exiting and owns nothing.
        unsafe { release_from(object, thread::EXITED, None) }
    }
}

/// [`release`] with the calling thread's state at hand: no thread-local
/// lookup.
///
/// # Safety
/// As [`release`].
#[inline(always)]
pub(crate) unsafe fn release_on<T: Counted>(object: NonNull<T>, thread: &Thread) {
    // SAFETY: forwarded.
    unsafe { release_from(object, thread.id(), Some(thread)) }
}

/// [`release`] on the thread whose id is `me` (and whose state is
/// `thread`, when at hand).
///
/// # Safety
/// As [`release`].
#[inline(always)]
unsafe fn release_from<T: Counted>(object: NonNull<T>, me: u64, thread: Option<&Thread>) {
    // SAFETY: the caller's reference keeps the object alive.
    let count = unsafe { object.as_ref() }.count();
    let owner = count.owner.load(Ordering::Relaxed);
    if owner == me {
        // SAFETY: this thread is the owner, the only one touching `local`.
        let local = unsafe { &mut *count.local.get() };
        *local -= 1;
        if *local == 0 {
            // SAFETY: forwarded from the caller.
            unsafe { release_owned_last(object, thread) };
        }
        return;
    }
    // SAFETY: forwarded from the caller.
    unsafe { release_shared(object, owner) }
}

/// Gives back a reference held in a place the thread `owner` (the owner of
/// the object holding it) may be reading without a lock right now
/// ([`crate::tensor`]'s lock-free view): on that thread, at its next
/// collect, so that what it read stays alive while it takes references to
/// it. At once when `owner` is this thread, no thread, or gone.
///
/// # Safety
/// As [`release`].
pub(crate) unsafe fn release_for<T: Counted>(object: NonNull<T>, owner: u64) {
    let me = thread::current();
    if owner == me || owner == NO_OWNER {
        // SAFETY: forwarded.
        unsafe { release(object) };
        return;
    }
    registry::send(owner, Queued { object: object.cast(), merge: release_queued::<T> });
}

/// [`release_for`]'s reference, given back on the owner's thread.
///
/// # Safety
/// `object` is a `T` and the reference is the caller's to give up.
unsafe fn release_queued<T: Counted>(object: NonNull<()>) {
    // SAFETY: forwarded.
    unsafe { release(object.cast::<T>()) }
}

/// The owner's last reference went: merge the counts.
#[inline(always)]
unsafe fn release_owned_last<T: Counted>(object: NonNull<T>, thread: Option<&Thread>) {
    // SAFETY: the object is alive until this function frees it.
    let count = unsafe { object.as_ref() }.count();
    // Zero (no count, no flag) means the owner's reference was the only
    // one; no other thread can take one without holding one, so the count
    // cannot change under this load. Acquire orders every other thread's
    // earlier release before the free.
    if count.shared.load(Ordering::Acquire) == 0 {
        // SAFETY: no references are left.
        unsafe { T::free(object, thread) };
        return;
    }
    // SAFETY: forwarded.
    unsafe { merge_owned(object) }
}

#[cold]
unsafe fn merge_owned<T: Counted>(object: NonNull<T>) {
    // SAFETY: the object is alive until this function frees it.
    let count = unsafe { object.as_ref() }.count();
    count.owner.store(NO_OWNER, Ordering::Release);
    let old = count.shared.fetch_or(MERGED, Ordering::AcqRel);
    if old & QUEUED != 0 {
        // Another thread took the count below zero and sends the object to
        // this thread's inbox; only that merge may free it. Merge now if it
        // has arrived (the sender marks QUEUED before it delivers: if not
        // yet, the next collect merges it).
        collect();
    } else if old & !MERGED == 0 {
        // Other threads' references went while this one was being merged.
        // SAFETY: no references are left.
        unsafe { T::free(object, None) };
    }
}

#[cold]
unsafe fn release_shared<T: Counted>(object: NonNull<T>, owner: u64) {
    // SAFETY: the caller's reference keeps the object alive.
    let count = unsafe { object.as_ref() }.count();
    let mut old = count.shared.load(Ordering::Relaxed);
    let (new, queue) = loop {
        let mut new = old - ONE;
        // Below zero with the owner's count still separate: only the owner
        // knows the sum.
        let queue = new >> 2 < 0 && new & (MERGED | QUEUED) == 0;
        if queue {
            new |= QUEUED;
        }
        match count.shared.compare_exchange_weak(old, new, Ordering::AcqRel, Ordering::Relaxed) {
            Ok(_) => break (new, queue),
            Err(now) => old = now,
        }
    };
    if queue {
        // `owner`, read before the update, is still the owner: `shared`
        // below zero means references counted in `local` are alive, so the
        // owner's last release (its merge) cannot have happened.
        registry::send(owner, Queued { object: object.cast(), merge: merge_queued::<T> });
    } else if new == MERGED {
        // SAFETY: merged and at zero: no references are left.
        unsafe { T::free(object, None) };
    }
}

/// Merges a queued object's counts: on its owner's thread, or anywhere once
/// the owner exited.
///
/// # Safety
/// `object` is a `T` that was queued (its count has QUEUED set), and no
/// other thread can touch its `local`.
unsafe fn merge_queued<T: Counted>(object: NonNull<()>) {
    let object = object.cast::<T>();
    // SAFETY: a queued object stays alive until this merge (QUEUED keeps
    // every other release from freeing it).
    let count = unsafe { object.as_ref() }.count();
    // SAFETY: the caller's contract.
    let local = std::mem::take(unsafe { &mut *count.local.get() }) as isize;
    count.owner.store(NO_OWNER, Ordering::Release);
    let mut old = count.shared.load(Ordering::Relaxed);
    let new = loop {
        let new = ((old + local * ONE) | MERGED) & !QUEUED;
        match count.shared.compare_exchange_weak(old, new, Ordering::AcqRel, Ordering::Relaxed) {
            Ok(_) => break new,
            Err(now) => old = now,
        }
    };
    if new == MERGED {
        // SAFETY: merged and at zero: no references are left.
        unsafe { T::free(object, None) };
    }
}

/// Whether this thread has objects waiting to be merged, and merges them
/// (cheap when none are: a thread-local flag's load).
pub(crate) fn collect() {
    thread::with(Thread::collect);
}

/// A shared, immutable value with a biased count: `Arc` for values the hot
/// path shares (a tensor's `Backing`).
#[repr(transparent)]
pub(crate) struct Biased<T: Send + Sync + 'static>(NonNull<Inner<T>>);

struct Inner<T> {
    count: Count,
    value: T,
}

// SAFETY: the value is Send + Sync and the count is thread-safe.
unsafe impl<T: Send + Sync + 'static> Send for Biased<T> {}
unsafe impl<T: Send + Sync + 'static> Sync for Biased<T> {}

// SAFETY: `count` is the field; `free` takes back the Box.
unsafe impl<T: Send + Sync + 'static> Counted for Inner<T> {
    fn count(&self) -> &Count {
        &self.count
    }

    unsafe fn free(this: NonNull<Self>, _: Option<&Thread>) {
        // SAFETY: made by `Box::new` in `Biased::new`; no references left.
        drop(unsafe { Box::from_raw(this.as_ptr()) });
    }
}

impl<T: Send + Sync + 'static> Biased<T> {
    pub(crate) fn new(value: T) -> Biased<T> {
        let inner = Box::new(Inner { count: Count::new(), value });
        Biased(NonNull::from(Box::leak(inner)))
    }

    /// The pointer this handle is (its reference stays with the handle).
    pub(crate) fn as_raw(&self) -> *mut () {
        self.0.as_ptr().cast()
    }

    /// The handle [`Biased::as_raw`] gave, taking over a reference.
    ///
    /// # Safety
    /// `raw` comes from `as_raw` of a `Biased<T>`, and the caller gives this
    /// handle a reference it holds.
    pub(crate) unsafe fn from_raw(raw: *mut ()) -> Biased<T> {
        // SAFETY: `as_raw` gave a non-null pointer.
        Biased(unsafe { NonNull::new_unchecked(raw.cast()) })
    }

    /// [`Clone::clone`] on the thread whose id is `me`.
    #[inline(always)]
    pub(crate) fn clone_as(&self, me: u64) -> Biased<T> {
        self.inner().count.increment_as(me);
        Biased(self.0)
    }

    /// [`Drop::drop`] with the calling thread's state at hand.
    #[inline(always)]
    pub(crate) fn release_on(self, thread: &Thread) {
        let this = ManuallyDrop::new(self);
        // SAFETY: this handle's reference is given up.
        unsafe { release_on(this.0, thread) }
    }

    /// Gives up this reference on `owner`'s thread ([`release_for`]).
    pub(crate) fn release_for(self, owner: u64) {
        let this = ManuallyDrop::new(self);
        // SAFETY: this handle's reference is given up.
        unsafe { release_for(this.0, owner) }
    }

    fn inner(&self) -> &Inner<T> {
        // SAFETY: this handle holds a reference.
        unsafe { self.0.as_ref() }
    }

    #[cfg(test)]
    pub(crate) fn references(&self) -> isize {
        self.inner().count.references()
    }
}

impl<T: Send + Sync + 'static> Clone for Biased<T> {
    #[inline(always)]
    fn clone(&self) -> Biased<T> {
        self.inner().count.increment();
        Biased(self.0)
    }
}

impl<T: Send + Sync + 'static> Drop for Biased<T> {
    #[inline(always)]
    fn drop(&mut self) {
        // SAFETY: this handle's reference is given up.
        unsafe { release(self.0) }
    }
}

impl<T: Send + Sync + 'static> std::ops::Deref for Biased<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.inner().value
    }
}

impl<T: Send + Sync + std::fmt::Debug + 'static> std::fmt::Debug for Biased<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.inner().value.fmt(f)
    }
}

#[cfg(test)]
mod tests;
