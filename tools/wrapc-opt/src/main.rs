//! `wrapc-opt`: MLIR's opt driver with the wrap dialect, the upstream
//! dialects and passes, and wrapc's passes (from Passes.td) registered.

use std::ffi::{c_char, CString};

/// MLIR's parser crashes on some inputs (deep nesting, `array<index: ...>`):
/// the input files named on the command line are checked first.
fn check_inputs(args: &[std::ffi::OsString]) {
    let mut skip_next = false;
    for arg in args.iter().skip(1) {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        let text = arg.to_string_lossy();
        if text == "-o" {
            skip_next = true;
            continue;
        }
        if text.starts_with('-') {
            continue;
        }
        let Ok(file) = std::fs::File::open(arg) else { continue };
        let mut source = String::new();
        // A non-regular file (a FIFO, /dev/zero) is left to the driver.
        if !file.metadata().is_ok_and(|m| m.is_file())
            || std::io::Read::read_to_string(&mut std::io::Read::take(file, 1 << 30), &mut source).is_err()
        {
            continue;
        }
        if let Err(error) = wrapc_dialects::check_source(&source) {
            eprintln!("{text}:{error}");
            std::process::exit(1);
        }
    }
}

fn main() {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    check_inputs(&raw);
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
