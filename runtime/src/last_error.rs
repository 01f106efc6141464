//! The calling thread's last error message, which every C entry point sets
//! when it fails (`wrt_last_error` reads it) and an embedder's callbacks set
//! through `wrt_set_error`.

use std::cell::RefCell;
use std::ffi::{c_char, CString};

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

pub(crate) fn set(message: &str) {
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    LAST_ERROR.with(|e| *e.borrow_mut() = message);
}

/// The message, as text.
pub(crate) fn text() -> String {
    LAST_ERROR.with(|e| e.borrow().to_string_lossy().into_owned())
}

/// The message, for `wrt_last_error` (valid until the thread's next error).
pub(crate) fn ptr() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}
