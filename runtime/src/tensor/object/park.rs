//! Parked views: a view released on its owner's thread is kept in its
//! root for the root's next view of the same geometry, instead of freed
//! (see `docs/ARCHITECTURE.md`). A wrapper regenerates the same views of
//! the same inputs at every call, so after its first call a regenerated
//! view is an object handed out again, not one built and torn down.

use std::ptr::NonNull;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::biased::Count;
use crate::thread::Thread;

use super::super::DimMask;
use super::{ObjectPool, Tensor, TensorObject};

impl TensorObject {
    /// Keeps `this`, a view whose last reference just went on its owner's
    /// thread, in its root's `spare` slot instead of freeing it: the next
    /// view of that root with the same geometry is then this object again,
    /// its header already written and its reference to the storage kept
    /// ([`Tensor::unpark`]). A wrapper regenerates the same views of the
    /// same inputs at every call; this makes a view and its release a few
    /// loads and stores instead of an object built and torn down.
    ///
    /// Parked, the view holds its storage (the root's own, checked here)
    /// and no reference to its root: it keeps alive nothing its root does
    /// not, and goes with the root ([`TensorObject::drop_in`]). False, and
    /// nothing done, when it does not apply (a subclass, a view of a root
    /// owned by another thread or whose storage changed since, a slot
    /// taken); the caller then frees the view.
    ///
    /// # Safety
    /// `this` is a live object no one holds a reference to any more, and
    /// `thread` the calling thread.
    #[inline(always)]
    pub(super) unsafe fn park(this: NonNull<Self>, thread: &Thread) -> bool {
        let me = thread.id();
        // SAFETY: the caller's contract: alive, unreachable by others.
        let view = unsafe { this.as_ref() };
        if !ObjectPool::POOLED || view.subclass.is_some() || !view.count.owned_by_thread(me) {
            return false;
        }
        // SAFETY: as above; the state is this function's alone.
        let state = unsafe { &mut *view.state.get() };
        let Some(root) = state.view_base.as_ref() else { return false };
        let root = root.object();
        // A view of another dtype (`view_dtype`) is not what the root's
        // `as_strided` makes.
        if !root.count.owned_by_thread(me)
            || !root.spare.get().is_null()
            || root.subclass.is_some()
            || root.dtype != view.dtype
        {
            return false;
        }
        match root.read_unlocked() {
            Some((backing, base, _)) if base.is_null() && backing == state.backing.as_raw() => {}
            _ => return false,
        }
        root.spare.set(this.as_ptr());
        let root = state.view_base.take().expect("checked above");
        // Last: this may free the root, and with it the view just parked.
        root.release_on(thread);
        true
    }

    /// Frees a view [`TensorObject::park`] kept.
    ///
    /// # Safety
    /// `spare` was parked and is referenced by nothing else any more.
    #[cold]
    pub(super) unsafe fn free_parked(spare: NonNull<Self>, thread: Option<&Thread>) {
        // SAFETY: the caller's contract.
        unsafe {
            TensorObject::drop_in(spare, thread);
            match thread {
                Some(thread) => ObjectPool::give(thread, spare),
                None => ObjectPool::deallocate(spare),
            }
        }
    }
}

impl Tensor {
    /// The view this root keeps from an earlier release
    /// ([`TensorObject::park`]) when it has the root's dtype and exactly
    /// this geometry over `backing` (the root's storage, just read): made a view of this
    /// root again with one reference, its `_base` and grad flags as
    /// [`Tensor::view_on`] would make them. Its geometry lies in bounds of
    /// that storage: it did when the view was made or last given a
    /// geometry, and a storage never changes size.
    #[inline(always)]
    pub(super) fn unpark(
        &self,
        thread: &Thread,
        backing: *mut (),
        requires_grad: bool,
        sizes: &[i64],
        strides: &[i64],
        offset: i64,
    ) -> Option<Tensor> {
        let spare = NonNull::new(self.object().spare.get())?;
        // SAFETY: a parked view is alive and reachable only through this
        // slot, which only this thread (the root's owner) touches.
        let view = unsafe { spare.as_ref() };
        let state = unsafe { &mut *view.state.get() };
        if state.backing.as_raw() != backing {
            // Parked over a storage the root has left since (a `set_` on
            // another thread): let it go.
            self.object().spare.set(std::ptr::null_mut());
            // SAFETY: parked, now out of the slot: referenced by nothing.
            unsafe { TensorObject::free_parked(spare, Some(thread)) };
            return None;
        }
        let same =
            |dims: &[AtomicI64], want: &[i64]| dims.iter().zip(want).all(|(d, &w)| d.load(Ordering::Relaxed) == w);
        if view.dtype != self.object().dtype
            || view.rank() != sizes.len()
            || view.offset.load(Ordering::Relaxed) != offset
            || !same(&view.sizes, sizes)
            || !same(&view.strides, strides)
        {
            return None;
        }
        self.object().spare.set(std::ptr::null_mut());
        let me = thread.id();
        state.view_base = Some(self.clone_as(me));
        state.requires_grad = requires_grad;
        state.is_leaf = !(requires_grad && thread.grad_enabled());
        state.dynamic_dims = DimMask::default();
        // SAFETY: nothing references the view: its count is written anew,
        // one reference, this thread's (a `Count` has nothing to drop).
        unsafe { std::ptr::addr_of_mut!((*spare.as_ptr()).count).write(Count::owned_by(me)) };
        Some(Tensor(spare))
    }
}
