//! `wrapc-opt`: MLIR's opt driver with the wrap dialect, the upstream
//! dialects and passes, and wrapc's passes (from Passes.td) registered.

use std::ffi::{c_char, CString};

/// MLIR's parser crashes on some inputs (deep nesting, `array<index: ...>`):
/// the input files named on the command line, or standard input when none
/// is named (or `-` is), are checked first.
fn check_inputs(args: &[std::ffi::OsString]) {
    let mut skip_next = false;
    let mut reads_stdin = true;
    for arg in args.iter().skip(1) {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        let text = arg.to_string_lossy();
        if text == "-o" {
            skip_next = true;
            continue;
        }
        if text == "-" {
            reads_stdin = true;
            break;
        }
        if text.starts_with('-') {
            continue;
        }
        reads_stdin = false;
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
    if reads_stdin {
        check_stdin();
    }
}

/// Reads standard input whole, checks it, and hands the same bytes to the
/// driver through a pipe that replaces file descriptor 0.
fn check_stdin() {
    const LIMIT: u64 = 1 << 30;
    let mut source = Vec::new();
    // One byte past the limit tells a too-large input from one that fits:
    // a truncated module must never reach the driver.
    let read = std::io::Read::read_to_end(&mut std::io::Read::take(std::io::stdin().lock(), LIMIT + 1), &mut source);
    if let Err(error) = read {
        eprintln!("<stdin>: error: cannot read standard input: {error}");
        std::process::exit(1);
    }
    if source.len() as u64 > LIMIT {
        eprintln!("<stdin>: error: standard input is larger than {LIMIT} bytes");
        std::process::exit(1);
    }
    if let Err(error) = wrapc_dialects::check_source(&String::from_utf8_lossy(&source)) {
        eprintln!("<stdin>:{error}");
        std::process::exit(1);
    }
    let Ok((reader, mut writer)) = std::io::pipe() else {
        eprintln!("wrapc-opt: cannot create a pipe for standard input");
        std::process::exit(1);
    };
    // SAFETY: dup2 on two open descriptors; `reader` is closed afterwards
    // and the driver reads the duplicate on descriptor 0.
    if unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&reader), 0) } < 0 {
        eprintln!("wrapc-opt: cannot redirect standard input");
        std::process::exit(1);
    }
    drop(reader);
    // The driver reads while this thread writes (the pipe holds 64 KiB); a
    // driver that stops reading early closes the pipe, ending the write.
    std::thread::spawn(move || {
        let _ = std::io::Write::write_all(&mut writer, &source);
    });
}

fn main() {
    let raw: Vec<std::ffi::OsString> = std::env::args_os().collect();
    check_inputs(&raw);
    wrapc_passes::register_upstream_passes();
    wrapc_passes::register_passes();
    // wrap-attach-ptx compiles with wrapc's code generator, as wrapc does.
    wrapc_codegen::ptx::install();
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
