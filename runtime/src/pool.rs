//! Memory blocks kept per thread for reuse: what a thread frees stays with
//! it for the next object it makes instead of going back through `malloc`.
//! Bounded: a burst of frees gives the rest back. The blocks are untyped
//! (the pool sits in the thread's state, below the objects it holds
//! memory for); all kept blocks share one layout.

use std::alloc::Layout;
use std::cell::Cell;
use std::ptr::NonNull;

const KEEP: usize = 64;

pub(crate) struct BlockPool {
    kept: Cell<usize>,
    /// The layout of every kept block (set when the pool is empty).
    layout: Cell<Layout>,
    slots: [Cell<*mut u8>; KEEP],
}

impl BlockPool {
    pub(crate) const fn new() -> BlockPool {
        BlockPool {
            kept: Cell::new(0),
            layout: Cell::new(Layout::new::<()>()),
            slots: [const { Cell::new(std::ptr::null_mut()) }; KEEP],
        }
    }

    /// A kept block, uninitialized memory of the layout it was kept with.
    #[inline(always)]
    pub(crate) fn take(&self) -> Option<NonNull<u8>> {
        let kept = self.kept.get();
        if kept == 0 {
            return None;
        }
        self.kept.set(kept - 1);
        // SAFETY: slots below `kept` hold blocks given to `keep`.
        Some(unsafe { NonNull::new_unchecked(self.slots[kept - 1].get()) })
    }

    /// Keeps `block`, or gives it back when the pool is full.
    ///
    /// # Safety
    /// `block` is memory of `layout` from the global allocator, holding
    /// nothing live, and `layout` is that of every block kept now.
    #[inline(always)]
    pub(crate) unsafe fn keep(&self, block: NonNull<u8>, layout: Layout) -> Result<(), NonNull<u8>> {
        let kept = self.kept.get();
        if kept == KEEP {
            return Err(block);
        }
        if kept == 0 {
            self.layout.set(layout);
        }
        debug_assert_eq!(self.layout.get(), layout, "one layout per pool");
        self.slots[kept].set(block.as_ptr());
        self.kept.set(kept + 1);
        Ok(())
    }
}

impl Drop for BlockPool {
    fn drop(&mut self) {
        let layout = self.layout.get();
        for slot in &self.slots[..self.kept.get()] {
            // SAFETY: each kept slot is memory from the global allocator
            // with `layout`, holding nothing live (`keep`'s contract).
            unsafe { std::alloc::dealloc(slot.get(), layout) };
        }
        self.kept.set(0);
    }
}
