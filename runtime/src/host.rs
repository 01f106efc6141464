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

/// Resolves `entry` in the shared object at `library` into `*slot`, once:
/// a library kernel's first launch (`wrap.kernel` with `library`) opens
/// the file (`RTLD_NOW | RTLD_LOCAL`, never closed: the compiled code keeps
/// the address) and stores the function; later launches find the slot
/// filled and return at once.
///
/// # Safety
/// `library` and `entry` must be NUL-terminated strings; `slot` a pointer
/// slot that only this function writes (zero until it does).
#[no_mangle]
pub unsafe extern "C" fn wrt_host_symbol(
    library: *const std::ffi::c_char,
    entry: *const std::ffi::c_char,
    slot: *mut *mut std::ffi::c_void,
) -> i32 {
    use std::sync::atomic::{AtomicPtr, Ordering};
    if slot.is_null() {
        return status("wrt_host_symbol", || Err(Failure(WRT_ERR_NULL, "slot is null".into())));
    }
    // SAFETY: a pointer-sized, pointer-aligned slot (the caller's contract),
    // read and written only atomically.
    let cell = unsafe { AtomicPtr::from_ptr(slot) };
    if !cell.load(Ordering::Acquire).is_null() {
        return crate::ffi::WRT_OK;
    }
    status("wrt_host_symbol", || {
        if library.is_null() || entry.is_null() {
            return Err(Failure(WRT_ERR_NULL, "library or entry is null".into()));
        }
        // SAFETY: NUL-terminated by the caller's contract.
        let (path, name) = unsafe { (std::ffi::CStr::from_ptr(library), std::ffi::CStr::from_ptr(entry)) };
        let shown = path.to_string_lossy();
        let flags = libloading::os::unix::RTLD_NOW | libloading::os::unix::RTLD_LOCAL;
        let os_path: &std::ffi::OsStr = std::os::unix::ffi::OsStrExt::from_bytes(path.to_bytes());
        // SAFETY: loading runs the library's initializers; the library is
        // the one the compiler named, built for this process.
        let lib = unsafe { libloading::os::unix::Library::open(Some(os_path), flags) }
            .map_err(|e| Failure(WRT_ERR_ARG, format!("cannot open '{shown}': {e}")))?;
        // SAFETY: only the address is read; calling it is the launch's contract.
        let symbol = unsafe { lib.get::<*mut std::ffi::c_void>(name.to_bytes_with_nul()) }
            .map_err(|e| Failure(WRT_ERR_ARG, format!("'{shown}' has no symbol '{}': {e}", name.to_string_lossy())))?;
        let address = *symbol;
        if address.is_null() {
            return Err(Failure(WRT_ERR_ARG, format!("'{}' in '{shown}' is null", name.to_string_lossy())));
        }
        // Never closed: the slot keeps the address for the process's life.
        std::mem::forget(lib);
        cell.store(address, Ordering::Release);
        Ok(())
    })
}
