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

mod launch {
    use std::ffi::c_void;
    use std::sync::atomic::{AtomicU32, Ordering};
    use wrapc_runtime::capi::wrt_launch_host;

    /// Counts visits of each program id in the array args[0] points to.
    unsafe extern "C" fn count(args: *const *mut c_void, px: i64, py: i64, pz: i64) {
        // SAFETY: the test passes one pointer to [AtomicU32; GX*GY*GZ] and
        // the grid extents through args[1].
        unsafe {
            let visits = *args as *const AtomicU32;
            let dims = *args.add(1) as *const i64;
            let (gx, gy) = (*dims, *dims.add(1));
            (*visits.add((px + gx * (py + gy * pz)) as usize)).fetch_add(1, Ordering::Relaxed);
        }
    }

    fn visits_each_program_once(grid: [i64; 3]) {
        let total = (grid[0] * grid[1] * grid[2]) as usize;
        let visits: Vec<AtomicU32> = (0..total).map(|_| AtomicU32::new(0)).collect();
        let args = [visits.as_ptr() as *mut c_void, grid.as_ptr() as *mut c_void];
        // SAFETY: `count` reads nothing through its argument array.
        assert_eq!(unsafe { wrt_launch_host(Some(count), grid[0], grid[1], grid[2], args.as_ptr()) }, 0);
        assert!(visits.iter().all(|v| v.load(Ordering::Relaxed) == 1), "every program runs exactly once");
    }

    #[test]
    fn small_grids_run_every_program_once() {
        visits_each_program_once([7, 3, 2]);
    }

    #[test]
    fn large_grids_run_every_program_once_in_parallel() {
        visits_each_program_once([4099, 3, 1]);
    }

    #[test]
    fn bad_launches_are_errors() {
        // SAFETY: rejected before anything is called.
        assert_ne!(unsafe { wrt_launch_host(None, 1, 1, 1, std::ptr::null()) }, 0);
        // SAFETY: rejected before anything is called.
        assert_ne!(unsafe { wrt_launch_host(Some(count), -1, 1, 1, std::ptr::null()) }, 0);
    }
}
