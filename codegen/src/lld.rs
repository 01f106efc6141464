//! LLVM's ELF linker, in this process (`lld.cpp`, over lld's libraries).

use std::ffi::{c_char, c_int, CStr, CString, OsString};
use std::os::unix::ffi::OsStrExt as _;

unsafe extern "C" {
    fn wrapc_lld_link(argv: *const *const c_char, argc: usize, messages: *mut *mut c_char) -> c_int;
    fn wrapc_lld_free(messages: *mut c_char);
}

/// Runs `ld.lld` with `args` (the first is the program name); its messages
/// on failure. Links are serialized (lld keeps state per process).
pub fn link(args: &[OsString]) -> Result<(), String> {
    let owned: Vec<CString> = args
        .iter()
        .map(|arg| CString::new(arg.as_bytes()).map_err(|_| format!("an argument holds a NUL: {arg:?}")))
        .collect::<Result<_, _>>()?;
    let argv: Vec<*const c_char> = owned.iter().map(|arg| arg.as_ptr()).collect();
    let mut messages: *mut c_char = std::ptr::null_mut();
    // SAFETY: `argv` holds `argv.len()` NUL-terminated strings that outlive
    // the call; `messages` is written with a malloc'd string or null.
    let status = unsafe { wrapc_lld_link(argv.as_ptr(), argv.len(), &mut messages) };
    let text = if messages.is_null() {
        String::new()
    } else {
        // SAFETY: a NUL-terminated string from wrapc_lld_link, freed once.
        unsafe {
            let text = CStr::from_ptr(messages).to_string_lossy().into_owned();
            wrapc_lld_free(messages);
            text
        }
    };
    if status == 0 {
        Ok(())
    } else if text.trim().is_empty() {
        Err(format!("ld.lld exited with {status}"))
    } else {
        Err(text.trim_end().to_string())
    }
}
