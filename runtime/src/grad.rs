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
