//! `wrapc-opt`: MLIR's opt driver with the wrap dialect, the upstream
//! dialects and passes, and wrapc's passes (from Passes.td) registered.

use std::ffi::{c_char, CString};

fn main() {
    wrapc_passes::register_upstream_passes();
    wrapc_passes::register_passes();
    let args: Vec<CString> =
        std::env::args_os().map(|a| CString::new(a.into_encoded_bytes()).expect("arguments contain no NUL")).collect();
    let mut argv: Vec<*mut c_char> = args.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv.push(std::ptr::null_mut());
    let tool = c"wrapc-opt: the wrap dialect and wrapc's passes";
    // SAFETY: argv holds `args.len()` NUL-terminated strings that outlive the
    // call, followed by a null pointer as C's main would get.
    let code = unsafe { wrapc_dialects::ffi::wrapcOptMain(args.len() as i32, argv.as_mut_ptr(), tool.as_ptr()) };
    std::process::exit(code);
}
