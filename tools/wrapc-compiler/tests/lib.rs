//! The compiler library's C ABI, called as the PyTorch backend calls it.

use std::ffi::{c_char, CStr, CString};
use std::path::{Path, PathBuf};

use wrapc_compiler::{wrapc_compiler_compile, wrapc_compiler_free, wrapc_compiler_version};

/// The runtime archive cargo built beside the test binary (target/<profile>).
fn runtime() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().and_then(Path::parent).unwrap().join("libwrapc_runtime.a")
}

fn c(text: &str) -> CString {
    CString::new(text).unwrap()
}

/// Compiles `input` to `output`; the error message on failure.
fn compile(input: &Path, output: &Path, opt_level: u32, target: &str) -> Result<(), String> {
    let (input, output, target, runtime) =
        (c(input.to_str().unwrap()), c(output.to_str().unwrap()), c(target), c(runtime().to_str().unwrap()));
    let mut error: *mut c_char = std::ptr::null_mut();
    // SAFETY: NUL-terminated strings that outlive the call; `error` is ours.
    let status = unsafe {
        wrapc_compiler_compile(
            input.as_ptr(),
            output.as_ptr(),
            opt_level,
            target.as_ptr(),
            std::ptr::null(),
            runtime.as_ptr(),
            &mut error,
        )
    };
    if status == 0 {
        assert!(error.is_null());
        return Ok(());
    }
    assert!(!error.is_null(), "a failure comes with a message");
    // SAFETY: the library's message, freed once.
    let message = unsafe { CStr::from_ptr(error) }.to_string_lossy().into_owned();
    unsafe { wrapc_compiler_free(error) };
    Err(message)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("wrapc-compiler-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_module_compiles_to_a_shared_object_and_its_header() {
    let dir = scratch("ok");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/demo.mlir");
    // Twice: the second compile in one process must work as the first.
    for round in 0..2 {
        let output = dir.join(format!("libdemo{round}.so"));
        compile(&demo, &output, 2, "host").unwrap();
        let bytes = std::fs::read(&output).unwrap();
        assert_eq!(&bytes[..4], b"\x7fELF");
        let header = std::fs::read_to_string(output.with_extension("h")).unwrap();
        assert!(header.contains("int32_t f("), "{header}");
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn bad_requests_are_errors_with_messages_not_crashes() {
    let dir = scratch("bad");
    let output = dir.join("libx.so");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/demo.mlir");
    let missing = compile(&dir.join("missing.mlir"), &output, 2, "host").unwrap_err();
    assert!(missing.contains("missing.mlir"), "{missing}");
    assert_eq!(compile(&demo, &output, 4, "host").unwrap_err(), "opt_level 4 is not 0 to 3");
    assert!(compile(&demo, &output, 2, "tpu").unwrap_err().contains("\"tpu\""));
    let invalid = dir.join("invalid.mlir");
    std::fs::write(&invalid, "func.func @f() { wrap.nope }").unwrap();
    let message = compile(&invalid, &output, 2, "host").unwrap_err();
    assert!(message.contains("invalid.mlir:1"), "the diagnostic is located: {message}");
    assert!(!output.exists(), "nothing is written on failure");
    // Null arguments.
    let mut error: *mut c_char = std::ptr::null_mut();
    // SAFETY: nulls are allowed and reported; `error` is ours.
    let status = unsafe {
        wrapc_compiler_compile(
            std::ptr::null(),
            std::ptr::null(),
            2,
            std::ptr::null(),
            std::ptr::null(),
            std::ptr::null(),
            &mut error,
        )
    };
    assert_eq!(status, 1);
    // SAFETY: the library's message, freed once.
    assert_eq!(unsafe { CStr::from_ptr(error) }.to_str().unwrap(), "input is null");
    unsafe { wrapc_compiler_free(error) };
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_version_is_the_workspaces() {
    // SAFETY: a static NUL-terminated string.
    let version = unsafe { CStr::from_ptr(wrapc_compiler_version()) };
    assert_eq!(version.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
