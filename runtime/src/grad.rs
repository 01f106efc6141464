//! Thread-local grad mode (`torch.is_grad_enabled()`), on by default.

use std::cell::Cell;

thread_local! {
    static GRAD_ENABLED: Cell<bool> = const { Cell::new(true) };
}

pub fn grad_enabled() -> bool {
    GRAD_ENABLED.with(Cell::get)
}

pub fn set_grad_enabled(enabled: bool) {
    GRAD_ENABLED.with(|g| g.set(enabled));
}

/// This thread's grad-mode flag itself, for compiled wrappers that read and
/// write it inline (a `bool`: 0 or 1); valid on this thread only.
pub fn grad_mode_slot() -> *mut bool {
    GRAD_ENABLED.with(Cell::as_ptr)
}
