//! Linking a wrapper's object with the runtime into a shared object: with
//! LLVM's lld inside this process by default, so that neither `wrapc
//! compile` nor the PyTorch backend needs a C compiler; with `$CC` when the
//! user names one.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use crate::{child, lld, CodegenError, Result};

/// The C compiler that links shared objects when `$CC` is set: a program
/// and its leading arguments, split at spaces, as make reads it. `None`:
/// lld, in this process.
pub fn linker() -> Option<Vec<String>> {
    linker_for(&std::env::var("CC").unwrap_or_default())
}

fn linker_for(cc: &str) -> Option<Vec<String>> {
    let words: Vec<String> = cc.split_whitespace().map(String::from).collect();
    (!words.is_empty()).then_some(words)
}

/// The most a linker may write to each of its standard output and error:
/// past it, it is stopped (gold, failing to write its output, repeats the
/// error forever).
pub const LINKER_OUTPUT_LIMIT: usize = 1 << 20;

/// How long a link may take before the linker is stopped (a large wrapper
/// links in about a second).
pub const LINK_TIMEOUT: Duration = Duration::from_secs(600);

/// Links `object` with the runtime into a shared object. `runtime` is the
/// runtime's static library (`.a`: linked in whole, a self-contained
/// wrapper) or its shared library (`.so`: named by absolute path, so that
/// every wrapper of a process loads the one runtime, with one allocator,
/// one kernel cache and one set of thread-locals). `output` should be a
/// private path (wrapc links into a temporary directory and copies the
/// result to the user's destination).
pub fn link_shared_object(object: &Path, runtime: &Path, output: &Path) -> Result<()> {
    let runtime_is_shared = runtime.extension().is_some_and(|e| e == "so");
    let runtime =
        std::path::absolute(runtime).map_err(|e| CodegenError::Link(format!("{}: {e}", runtime.display())))?;
    match linker() {
        Some(linker) => link_with_cc(&linker, object, &runtime, runtime_is_shared, output),
        None => link_with_lld(object, &runtime, runtime_is_shared, output),
    }
}

/// What a C compiler driver gives the linker for a shared object, without
/// its startup files: a wrapper has no constructors of its own, and lld
/// defines `__dso_handle` (the runtime's thread-local destructors use it).
/// The C libraries are the ones this process runs on (`loaded_library`):
/// the runtime archive needs libc, libm and libgcc_s's unwinder, and only
/// those used are recorded (`--as-needed`).
fn link_with_lld(object: &Path, runtime: &Path, runtime_is_shared: bool, output: &Path) -> Result<()> {
    let mut args: Vec<OsString> = ["ld.lld", "-shared", "--eh-frame-hdr", "--hash-style=gnu", "-z", "relro"]
        .into_iter()
        .map(OsString::from)
        .collect();
    // The runtime archive's debug information (Rust's standard library's,
    // mostly) was two thirds of every wrapper: left out. The symbol table
    // stays, so backtraces name functions.
    args.extend(["--strip-debug".into(), "-o".into(), output.into(), object.into()]);
    if runtime_is_shared {
        // The runtime has no soname: the wrapper records the path it was
        // linked with, absolute so that it loads from any directory.
        args.push(runtime.into());
    } else {
        args.extend(["--whole-archive".into(), runtime.into(), "--no-whole-archive".into()]);
    }
    args.push("--as-needed".into());
    for name in ["libm.so.6", "libc.so.6", "libgcc_s.so.1"] {
        match loaded_library(name) {
            Some(path) => args.push(path.into()),
            // A wrapper linking the shared runtime gets libc and libgcc_s
            // through it; the archive cannot do without them.
            None if runtime_is_shared && name != "libm.so.6" => {}
            None => {
                return Err(CodegenError::Link(format!(
                    "{name} is not loaded in this process, so lld cannot link against it: set CC to link with a C \
                     compiler"
                )))
            }
        }
    }
    lld::link(&args).map_err(|message| CodegenError::Link(format!("lld failed:\n{message}")))
}

/// The file of the shared library `name` (`libc.so.6`) loaded in this
/// process, as the dynamic loader found it.
fn loaded_library(name: &str) -> Option<PathBuf> {
    struct Search<'a> {
        name: &'a str,
        found: Option<PathBuf>,
    }
    unsafe extern "C" fn visit(info: *mut libc::dl_phdr_info, _size: libc::size_t, data: *mut libc::c_void) -> i32 {
        // SAFETY: the loader passes a valid entry; `data` is our Search.
        unsafe {
            let search = &mut *data.cast::<Search>();
            let path = (*info).dlpi_name;
            if path.is_null() {
                return 0;
            }
            let path = std::ffi::CStr::from_ptr(path).to_string_lossy();
            if Path::new(path.as_ref()).file_name().is_some_and(|file| file == search.name) {
                search.found = Some(PathBuf::from(path.as_ref()));
                return 1;
            }
            0
        }
    }
    let mut search = Search { name, found: None };
    // SAFETY: `visit` only reads the entries and writes `search`, which
    // outlives the call.
    unsafe { libc::dl_iterate_phdr(Some(visit), (&raw mut search).cast()) };
    search.found.filter(|path| path.is_absolute())
}

fn link_with_cc(
    linker: &[String],
    object: &Path,
    runtime: &Path,
    runtime_is_shared: bool,
    output: &Path,
) -> Result<()> {
    let mut command = Command::new(&linker[0]);
    command.args(&linker[1..]).arg("-shared").arg("-Wl,--strip-debug").arg("-o").arg(output).arg(object);
    if runtime_is_shared {
        command.arg(runtime);
    } else {
        command.arg("-Wl,--whole-archive").arg(runtime).arg("-Wl,--no-whole-archive");
    }
    command.args(["-lpthread", "-ldl", "-lm"]);
    let shown = linker.join(" ");
    let result = child::run_bounded(&mut command, LINKER_OUTPUT_LIMIT, LINK_TIMEOUT).map_err(|stopped| {
        CodegenError::Link(match stopped {
            child::Stopped::Spawn(e) => format!("running `{shown}` (from CC): {e}"),
            child::Stopped::Flooded(stream, bytes) => format!(
                "`{shown}` wrote more than {} MiB to its {stream}: stopped it. It began:\n{}",
                LINKER_OUTPUT_LIMIT >> 20,
                child::excerpt(&bytes)
            ),
            child::Stopped::TimedOut => {
                format!("`{shown}` did not finish in {} s: stopped it", LINK_TIMEOUT.as_secs())
            }
        })
    })?;
    if !result.status.success() {
        return Err(CodegenError::Link(format!(
            "`{shown}` failed:\n{}{}",
            String::from_utf8_lossy(&result.stderr),
            String::from_utf8_lossy(&result.stdout)
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cc_is_taken_as_given_and_none_means_lld() {
        assert_eq!(linker_for(""), None);
        assert_eq!(linker_for("  "), None);
        // A $CC's words are split as make splits them.
        assert_eq!(linker_for("clang-22 -fuse-ld=lld"), Some(vec!["clang-22".into(), "-fuse-ld=lld".into()]));
        assert_eq!(linker_for("gcc"), Some(vec!["gcc".into()]));
    }

    #[test]
    fn the_c_libraries_are_found_where_this_process_loaded_them() {
        let libc = loaded_library("libc.so.6").expect("a Rust test binary runs on libc");
        assert!(libc.is_absolute() && libc.is_file(), "{}", libc.display());
        assert_eq!(loaded_library("libwrapc-no-such-library.so"), None);
    }
}
