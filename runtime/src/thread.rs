//! What the runtime keeps per thread, in one thread-local.
//!
//! Making and releasing a view reads the thread's id (its biased counts),
//! its grad mode and its pool of freed tensor objects. Compiled wrappers
//! load the runtime inside a shared object, where every distinct
//! thread-local costs a `__tls_get_addr` call; one struct makes it one
//! lookup, which the hot paths take once and pass down.

use std::cell::{Cell, OnceCell};

use crate::pool::BlockPool;
use crate::registry::Registration;

/// The calling thread's runtime state.
pub(crate) struct Thread {
    /// Its id and inbox for biased counts, made on first use. Dropped first
    /// at thread exit: merging what other threads sent back may free
    /// objects, whose memory then goes to `malloc` (the pool below is
    /// already out of reach).
    registration: OnceCell<Registration>,
    grad_enabled: Cell<bool>,
    /// Memory of freed tensor objects, for the next ones.
    pub(crate) objects: BlockPool,
}

impl Thread {
    const fn new() -> Thread {
        Thread { registration: OnceCell::new(), grad_enabled: Cell::new(true), objects: BlockPool::new() }
    }

    /// This thread's id for biased counts (registering it on first use).
    #[inline(always)]
    pub(crate) fn id(&self) -> u64 {
        match self.registration.get() {
            Some(registration) => registration.id(),
            None => self.register(),
        }
    }

    #[cold]
    fn register(&self) -> u64 {
        self.registration.get_or_init(Registration::new).id()
    }

    /// Merges what other threads sent back to this one (a flag's load when
    /// nothing was).
    #[inline(always)]
    pub(crate) fn collect(&self) {
        if let Some(registration) = self.registration.get() {
            registration.collect();
        }
    }

    pub(crate) fn grad_enabled(&self) -> bool {
        self.grad_enabled.get()
    }
}

thread_local! {
    static THREAD: Thread = const { Thread::new() };
    /// Grad mode once `THREAD` is gone (a thread-local destructor calling
    /// into the runtime at thread exit): on, as on a new thread.
    static EXITING_GRAD: Cell<bool> = const { Cell::new(true) };
}

/// The id [`current`] gives on a thread whose state is gone (exiting): it
/// owns nothing from then on.
pub(crate) const EXITED: u64 = u64::MAX;

/// Runs `body` with this thread's state, or `None` once that is gone.
#[inline(always)]
pub(crate) fn with<R>(body: impl FnOnce(&Thread) -> R) -> Option<R> {
    THREAD.try_with(body).ok()
}

/// This thread's id for biased counts ([`EXITED`] while it exits).
#[inline(always)]
pub(crate) fn current() -> u64 {
    with(Thread::id).unwrap_or(EXITED)
}

pub fn grad_enabled() -> bool {
    with(Thread::grad_enabled).unwrap_or_else(|| EXITING_GRAD.with(Cell::get))
}

pub fn set_grad_enabled(enabled: bool) {
    if with(|thread| thread.grad_enabled.set(enabled)).is_none() {
        EXITING_GRAD.with(|grad| grad.set(enabled));
    }
}

/// This thread's grad-mode flag itself, for compiled wrappers that read and
/// write it inline (a `bool`: 0 or 1); valid on this thread, for the call.
pub fn grad_mode_slot() -> *mut bool {
    with(|thread| thread.grad_enabled.as_ptr()).unwrap_or_else(|| EXITING_GRAD.with(Cell::as_ptr))
}
