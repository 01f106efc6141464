//! Compiles a C program against `include/wrapc_runtime.h` and the static
//! library and runs it.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The newest static library cargo built next to this test's executable
/// (`deps/` holds the one of this build; the uplifted copy may be stale).
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    let deps = exe.parent().expect("deps directory");
    let candidates = std::fs::read_dir(deps)
        .into_iter()
        .chain(deps.parent().and_then(|p| std::fs::read_dir(p).ok()))
        .flatten()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.starts_with("libwrapc_runtime") && name.ends_with(".a")
        });
    candidates
        .max_by_key(|p| p.metadata().and_then(|m| m.modified()).ok())
        .expect("libwrapc_runtime.a is built with the crate (crate-type staticlib)")
}

#[test]
fn c_program_runs_against_the_header_and_staticlib() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = std::env::temp_dir().join(format!("wrapc_abi_smoke_{}", std::process::id()));
    let compiled = Command::new("cc")
        .args(["-std=c11", "-Wall", "-Werror", "-o"])
        .arg(&out)
        .arg(root.join("tests/c/abi_smoke.c"))
        .arg("-I")
        .arg(root.join("include"))
        .arg(staticlib())
        .args(["-lpthread", "-ldl", "-lm"])
        .status()
        .expect("a C compiler (cc)");
    assert!(compiled.success(), "the C program must compile against wrapc_runtime.h");
    let run = Command::new(&out).output().expect("run the C program");
    let _ = std::fs::remove_file(&out);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "C program failed: {stdout}");
    assert_eq!(stdout.trim(), "abi_smoke: ok");
}
