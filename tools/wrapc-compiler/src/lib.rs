//! `libwrapc_compiler.so`: `wrapc compile --emit=so` as a function, for a
//! program that compiles many modules (the PyTorch backend compiles one
//! wrapper per graph). Calling it costs no process start, no re-reading of
//! the tool and no second MLIR context setup per graph; what it writes is
//! what `wrapc compile` writes.
//!
//! The C ABI (loaded with `ctypes` by `wrapc_torch._build`):
//!
//! ```c
//! // 0: `output` (a shared object) and its header were written. 1: they
//! // were not; *error is the message (free it with wrapc_compiler_free).
//! int32_t wrapc_compiler_compile(const char *input, const char *output,
//!                                uint32_t opt_level, const char *target,
//!                                const char *allow_file_dir,  // or NULL
//!                                const char *runtime,         // or NULL
//!                                char **error);
//! void wrapc_compiler_free(char *message);
//! const char *wrapc_compiler_version(void);
//! ```
//!
//! Calls are serialized: LLVM's target registry and the pass registry are
//! process-wide, and a backend compiles under Dynamo's compile lock anyway.
//! Each call runs on a worker thread with the deep stack `wrapc` uses, so
//! the caller's thread stack does not bound the module's nesting.

use std::ffi::{c_char, CStr, CString};
use std::path::Path;
use std::sync::Mutex;

use anyhow::{anyhow, bail, Result};
use wrapc_driver::native::{self, Arch, CompileRequest, Emit, Progress, TargetKind};

static COMPILING: Mutex<()> = Mutex::new(());

/// Compiles `input` to the shared object `output` (plus its C header).
///
/// # Safety
/// `input`, `output` and `target` are NUL-terminated strings; each of
/// `allow_file_dir` and `runtime` is one or null; `error` is null or
/// points at writable storage for a pointer.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn wrapc_compiler_compile(
    input: *const c_char,
    output: *const c_char,
    opt_level: u32,
    target: *const c_char,
    allow_file_dir: *const c_char,
    runtime: *const c_char,
    error: *mut *mut c_char,
) -> i32 {
    // SAFETY: the caller's strings, as documented.
    let arguments = unsafe {
        (|| -> Result<Arguments> {
            Ok(Arguments {
                input: text(input, "input")?.ok_or_else(|| anyhow!("input is null"))?,
                output: text(output, "output")?.ok_or_else(|| anyhow!("output is null"))?,
                opt_level,
                target: text(target, "target")?.unwrap_or_else(|| "host".into()),
                allow_file_dir: text(allow_file_dir, "allow_file_dir")?,
                runtime: text(runtime, "runtime")?,
            })
        })()
    };
    let outcome = arguments.and_then(compile_on_worker);
    match outcome {
        Ok(()) => 0,
        Err(failure) => {
            if !error.is_null() {
                let message = CString::new(format!("{failure:#}").replace('\0', " ")).unwrap_or_default();
                // SAFETY: `error` is writable, as documented.
                unsafe { *error = message.into_raw() };
            }
            1
        }
    }
}

/// Frees a message `wrapc_compiler_compile` returned.
///
/// # Safety
/// `message` is null or a message from `wrapc_compiler_compile`, freed once.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn wrapc_compiler_free(message: *mut c_char) {
    if !message.is_null() {
        // SAFETY: made by CString::into_raw above.
        drop(unsafe { CString::from_raw(message) });
    }
}

/// The compiler's version (the workspace's), a static string.
#[unsafe(no_mangle)]
pub extern "C" fn wrapc_compiler_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr().cast()
}

struct Arguments {
    input: String,
    output: String,
    opt_level: u32,
    target: String,
    allow_file_dir: Option<String>,
    runtime: Option<String>,
}

/// # Safety
/// `pointer` is null or a NUL-terminated string.
unsafe fn text(pointer: *const c_char, what: &str) -> Result<Option<String>> {
    if pointer.is_null() {
        return Ok(None);
    }
    // SAFETY: as documented.
    let bytes = unsafe { CStr::from_ptr(pointer) };
    match bytes.to_str() {
        Ok(text) => Ok(Some(text.to_string())),
        Err(_) => bail!("{what} is not UTF-8"),
    }
}

/// The stack `wrapc` gives its worker (MLIR's parser, verifier and passes
/// recurse per nesting level).
const STACK_BYTES: usize = 256 << 20;

fn compile_on_worker(arguments: Arguments) -> Result<()> {
    // A poisoned lock only means an earlier compile panicked; the registries
    // it guards were left whole (a panic unwinds out of one compile).
    let _serial = COMPILING.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let worker = std::thread::Builder::new()
        .name("wrapc-compiler".into())
        .stack_size(STACK_BYTES)
        .spawn(move || compile(&arguments))
        .map_err(|e| anyhow!("cannot start the compiler's worker thread: {e}"))?;
    worker.join().unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic".into());
        Err(anyhow!("internal compiler error: {what}"))
    })
}

fn compile(arguments: &Arguments) -> Result<()> {
    let opt_level = match arguments.opt_level {
        level @ 0..=3 => level as u8,
        level => bail!("opt_level {level} is not 0 to 3"),
    };
    let target = match arguments.target.as_str() {
        "host" => TargetKind::Host,
        "cuda" => TargetKind::Cuda,
        other => bail!("target {other:?} is not \"host\" or \"cuda\""),
    };
    let request = CompileRequest {
        input: Path::new(&arguments.input),
        output: Path::new(&arguments.output),
        emit: Emit::So,
        opt_level,
        target,
        arch: Arch::Sm90,
        allow_file_dir: arguments.allow_file_dir.as_deref().map(Path::new),
        cuda_graphs: false,
        runtime: arguments.runtime.as_deref().map(Path::new),
    };
    native::compile(request, &mut Progress::in_library())
}
