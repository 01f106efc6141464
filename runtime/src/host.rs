//! The host backend's kernel launches: a compiled host kernel run once per
//! program id, on several threads for large grids.
#![allow(non_camel_case_types)]

use crate::ffi::{status, Failure, WRT_ERR_ARG, WRT_ERR_NULL};

/// A host kernel compiled by wrapc: called once per program id with the
/// kernel's argument array (tensor data pointers, pointers to scalars).
pub type wrt_host_kernel = unsafe extern "C" fn(args: *const *mut std::ffi::c_void, px: i64, py: i64, pz: i64);

/// Grids with at least this many programs run on several threads.
const PARALLEL_PROGRAMS: i64 = 4096;

/// Threads large host grids run on. Asked once: `available_parallelism`
/// reads cgroup files on every call (microseconds).
fn host_threads() -> i64 {
    static THREADS: std::sync::OnceLock<i64> = std::sync::OnceLock::new();
    *THREADS.get_or_init(|| std::thread::available_parallelism().map(|n| n.get() as i64).unwrap_or(1))
}

/// Runs `kernel` for every program id of the `gx × gy × gz` grid, x fastest;
/// in parallel over contiguous ranges of programs when the grid is large.
///
/// # Safety
/// `kernel` must be null or a host kernel compiled by wrapc, safe to call with `args` for every program id.
/// `args` must be null or readable for as many elements as the call says.
#[no_mangle]
pub unsafe extern "C" fn wrt_launch_host(
    kernel: Option<wrt_host_kernel>,
    gx: i64,
    gy: i64,
    gz: i64,
    args: *const *mut std::ffi::c_void,
) -> i32 {
    status("wrt_launch_host", || {
        let kernel = kernel.ok_or_else(|| Failure(WRT_ERR_NULL, "kernel is null".into()))?;
        if gx < 0 || gy < 0 || gz < 0 {
            return Err(Failure(WRT_ERR_ARG, format!("negative grid ({gx}, {gy}, {gz})")));
        }
        let total = gx
            .checked_mul(gy)
            .and_then(|n| n.checked_mul(gz))
            .ok_or_else(|| Failure(WRT_ERR_ARG, format!("grid ({gx}, {gy}, {gz}) overflows")))?;
        // Raw pointers are not Send; the kernel only reads the array.
        let args = args as usize;
        let run = move |range: std::ops::Range<i64>| {
            for p in range {
                let (px, py, pz) = (p % gx, (p / gx) % gy, p / (gx * gy));
                // SAFETY: compiled kernels take this argument array and write
                // disjoint elements per program (the launch contract).
                unsafe { kernel(args as *const *mut std::ffi::c_void, px, py, pz) };
            }
        };
        if total < PARALLEL_PROGRAMS {
            run(0..total);
            return Ok(());
        }
        let threads = host_threads();
        if threads < 2 {
            run(0..total);
            return Ok(());
        }
        let chunk = (total + threads - 1) / threads;
        std::thread::scope(|scope| {
            for start in (0..total).step_by(chunk as usize) {
                scope.spawn(move || run(start..(start + chunk).min(total)));
            }
        });
        Ok(())
    })
}
