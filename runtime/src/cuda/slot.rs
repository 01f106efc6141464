//! The launch slots of compiled wrappers (`wrap-lower-lazy-launch`).
//!
//! Each kernel gets a zero-initialized global `wrt_cuda_slot` with one
//! entry per device ordinal, and a constant `wrt_cuda_kernel` descriptor.
//! Compiled code reads the entry of the launch's device: when `function`
//! is set it computes the grid inline (a ceil-division by `divisor`) and
//! calls `launch` (`cuLaunchKernel`) directly, one driver call. Otherwise —
//! first call on that device, or a launch that failed (a thread without the
//! device's context current) — it calls [`wrt_cuda_launch_slow`], which
//! loads and autotunes once under a lock, publishes the entry, and launches
//! with the device's context current (restoring the thread's own after).

use std::collections::HashMap;
use std::ffi::{c_char, c_void, CStr};
use std::sync::atomic::{AtomicI32, AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};

use super::gpus::{gpu, MAX_DEVICES};
use super::{block_dims, grid_for, load_and_tune, Config, CudaError, Current, Driver, KernelSpec, Span};
use crate::ffi::wrt_tensor;
use crate::Tensor;

/// One autotune configuration (`#wrap.config`), as compiled code lays it out.
#[repr(C)]
pub struct wrt_cuda_config {
    pub block: [i64; 3],
    pub num_warps: i32,
    pub shared_bytes: i32,
    pub name: *const c_char,
}

/// A kernel's constant descriptor: its image (PTX or cubin), entry, configs.
#[repr(C)]
pub struct wrt_cuda_kernel {
    pub image: *const u8,
    pub image_size: u64,
    pub entry: *const c_char,
    pub configs: *const wrt_cuda_config,
    pub num_configs: i64,
}

/// What the fast path reads for one device. `function` is published last
/// (release); a non-null `function` means every other field is set.
#[repr(C)]
pub struct wrt_cuda_slot_entry {
    pub function: AtomicPtr<c_void>,
    pub launch: *const c_void,
    pub stream: *mut c_void,
    /// The chosen config's block per axis (what element counts are divided by).
    pub divisor: [i64; 3],
    pub threads: i32,
    pub shared_bytes: i32,
    /// Set when loading failed: the error (kept by the runtime) is reported
    /// again instead of reloading. Part of the slot, so a new slot (another
    /// library loaded at the same address) starts clean.
    pub failed: AtomicI32,
}

#[repr(C)]
pub struct wrt_cuda_slot {
    pub entries: [wrt_cuda_slot_entry; MAX_DEVICES],
}

// The descriptor and configs compiled code emits as constants, and the
// slot it allocates, laid out as wrapc_abi says (checked at compile time).
const _: () = {
    use std::mem::{offset_of, size_of};
    use wrapc_abi::{CUDA_CONFIG as CONFIG, CUDA_KERNEL as KERNEL};
    assert!(offset_of!(wrt_cuda_config, block) == CONFIG.offset("block"));
    assert!(offset_of!(wrt_cuda_config, num_warps) == CONFIG.offset("num_warps"));
    assert!(offset_of!(wrt_cuda_config, shared_bytes) == CONFIG.offset("shared_bytes"));
    assert!(offset_of!(wrt_cuda_config, name) == CONFIG.offset("name"));
    assert!(size_of::<wrt_cuda_config>() == CONFIG.size());
    assert!(offset_of!(wrt_cuda_kernel, image) == KERNEL.offset("image"));
    assert!(offset_of!(wrt_cuda_kernel, image_size) == KERNEL.offset("image_size"));
    assert!(offset_of!(wrt_cuda_kernel, entry) == KERNEL.offset("entry"));
    assert!(offset_of!(wrt_cuda_kernel, configs) == KERNEL.offset("configs"));
    assert!(offset_of!(wrt_cuda_kernel, num_configs) == KERNEL.offset("num_configs"));
    assert!(size_of::<wrt_cuda_kernel>() == KERNEL.size());
    assert!(size_of::<wrt_cuda_slot>() == wrapc_abi::SLOT_BYTES);
};

/// Byte layout compiled code relies on (checked by a test).
pub mod layout {
    pub const ENTRY_SIZE: usize = std::mem::size_of::<super::wrt_cuda_slot_entry>();
    pub const FUNCTION: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, function);
    pub const LAUNCH: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, launch);
    pub const STREAM: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, stream);
    pub const DIVISOR: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, divisor);
    pub const THREADS: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, threads);
    pub const SHARED: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, shared_bytes);
    pub const FAILED: usize = std::mem::offset_of!(super::wrt_cuda_slot_entry, failed);
}

/// Serializes first-call initialization (rare: once per kernel and device)
/// and keeps the error of each entry marked `failed`.
static INIT: Mutex<Option<HashMap<usize, CudaError>>> = Mutex::new(None);

/// How the launch's extents are read.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Extents {
    /// Programs per axis, as given.
    Grid,
    /// Elements per axis, divided by the config's block.
    Elements,
}

struct Request<'a> {
    slot: &'a wrt_cuda_slot,
    kernel: &'a wrt_cuda_kernel,
    device: i32,
    params: &'a [*mut c_void],
    tensors: &'a [*const wrt_tensor],
    extents: [u64; 3],
    mode: Extents,
}

fn error(call: &'static str, name: impl Into<String>) -> CudaError {
    CudaError { call, name: name.into() }
}

impl Request<'_> {
    fn spec(&self) -> Result<KernelSpec, CudaError> {
        let k = self.kernel;
        if k.image.is_null() || k.entry.is_null() || k.configs.is_null() || k.num_configs < 1 {
            return Err(error("wrt_cuda_launch", "malformed kernel descriptor"));
        }
        // SAFETY: compiled descriptors point at constant data of these sizes.
        let (image, entry, configs) = unsafe {
            (
                std::slice::from_raw_parts(k.image, k.image_size as usize),
                CStr::from_ptr(k.entry).to_string_lossy().into_owned(),
                std::slice::from_raw_parts(k.configs, k.num_configs as usize),
            )
        };
        let configs = configs
            .iter()
            .map(|c| Config {
                // SAFETY: a NUL-terminated constant string (or null).
                name: if c.name.is_null() {
                    String::new()
                } else {
                    unsafe { CStr::from_ptr(c.name) }.to_string_lossy().into_owned()
                },
                block: match self.mode {
                    Extents::Elements => c.block.map(|b| b.max(1) as u64),
                    Extents::Grid => [1, 1, 1],
                },
                num_warps: c.num_warps.max(1) as u32,
                shared_bytes: c.shared_bytes.max(0) as u32,
            })
            .collect();
        Ok(KernelSpec { image: image.to_vec(), entry, configs })
    }

    /// The block of config `index` as the descriptor gives it.
    fn config_block(&self, index: usize) -> [u64; 3] {
        // SAFETY: `spec` checked the configs pointer and count.
        let config = unsafe { &*self.kernel.configs.add(index) };
        config.block.map(|b| b.max(1) as u64)
    }

    /// The device memory the kernel's tensor arguments reach, each storage once.
    fn spans(&self) -> Vec<Span> {
        let mut spans: Vec<Span> = Vec::new();
        for &handle in self.tensors.iter().filter(|t| !t.is_null()) {
            // SAFETY: live handles of the call's tensors (runtime tensors or
            // an embedder's lent headers); not released here.
            let span = match unsafe { crate::borrowed::of(handle) } {
                Some(lent) => Span { pointer: lent.header.data as u64, bytes: lent.nbytes as usize },
                None => {
                    // SAFETY: as above, a runtime tensor.
                    let tensor = std::mem::ManuallyDrop::new(unsafe { Tensor::from_raw(handle) });
                    let storage = tensor.storage();
                    Span { pointer: storage.data_ptr() as u64, bytes: storage.nbytes() }
                }
            };
            if !spans.contains(&span) {
                spans.push(span);
            }
        }
        spans
    }

    fn entry(&self) -> &wrt_cuda_slot_entry {
        &self.slot.entries[self.device as usize]
    }

    /// Loads and tunes once per (kernel, device), then publishes the entry.
    fn initialize(&self, driver: &Arc<dyn Driver>) -> Result<(), CudaError> {
        let mut failures = INIT.lock().unwrap_or_else(|p| p.into_inner());
        let entry = self.entry();
        let key = entry as *const wrt_cuda_slot_entry as usize;
        if entry.failed.load(Ordering::Acquire) != 0 {
            let known = failures.get_or_insert_with(HashMap::new).get(&key).cloned();
            return Err(known.unwrap_or_else(|| error("wrt_cuda_launch", "the kernel failed to load earlier")));
        }
        if !entry.function.load(Ordering::Acquire).is_null() {
            return Ok(());
        }
        let outcome = self.spec().and_then(|spec| {
            let cache = super::cache::KernelCache::from_env();
            let loaded = load_and_tune(&**driver, &spec, cache.as_ref(), self.extents, self.params, &self.spans())?;
            // The divisor is the config's own block, whatever this launch's
            // form: a kernel's launches with grid(...) and numel(...) share
            // the slot, and only the numel form divides by it.
            let mut config = spec.configs[loaded.config].clone();
            config.block = self.config_block(loaded.config);
            Ok((config, loaded.function))
        });
        let (config, function) = match outcome {
            Ok(chosen) => chosen,
            Err(failure) => {
                failures.get_or_insert_with(HashMap::new).insert(key, failure.clone());
                entry.failed.store(1, Ordering::Release);
                return Err(failure);
            }
        };
        let raw = driver.raw_launch();
        let entry_ptr = entry as *const wrt_cuda_slot_entry as *mut wrt_cuda_slot_entry;
        // SAFETY: the fields other than `function` are only read after
        // `function` is seen non-null (acquire), and written here once,
        // under the lock, before the release store publishes them.
        unsafe {
            (*entry_ptr).launch = raw.function as *const c_void;
            (*entry_ptr).stream = raw.stream as *mut c_void;
            (*entry_ptr).divisor = config.block.map(|b| b as i64);
            (*entry_ptr).threads = block_dims(&config)[0] as i32;
            (*entry_ptr).shared_bytes = config.shared_bytes as i32;
        }
        entry.function.store(function.0 as *mut c_void, Ordering::Release);
        Ok(())
    }

    /// The launch this request makes with the entry's chosen config
    /// (loading and tuning first, on the first call): function, grid,
    /// block and shared bytes; None for an empty grid.
    fn prepare(&self, driver: &Arc<dyn Driver>) -> Result<Option<(super::FunctionHandle, Dims)>, CudaError> {
        if self.entry().function.load(Ordering::Acquire).is_null() {
            self.initialize(driver)?;
        }
        self.loaded_dims()
    }

    /// [`Request::prepare`] for an entry already published.
    fn loaded_dims(&self) -> Result<Option<(super::FunctionHandle, Dims)>, CudaError> {
        let entry = self.entry();
        let config = Config {
            name: String::new(),
            block: match self.mode {
                Extents::Elements => entry.divisor.map(|d| d.max(1) as u64),
                Extents::Grid => [1, 1, 1],
            },
            num_warps: (entry.threads / 32).max(1) as u32,
            shared_bytes: entry.shared_bytes as u32,
        };
        let grid = grid_for(&config, self.extents)?;
        if grid.contains(&0) {
            return Ok(None);
        }
        let function = super::FunctionHandle(entry.function.load(Ordering::Acquire) as usize);
        Ok(Some((function, Dims { grid, block: block_dims(&config), shared_bytes: config.shared_bytes })))
    }

    fn check_device(&self) -> Result<(), CudaError> {
        if !(0..MAX_DEVICES as i32).contains(&self.device) {
            return Err(error("wrt_cuda_launch", format!("cuda:{} is outside 0..{MAX_DEVICES}", self.device)));
        }
        Ok(())
    }

    fn run(&self, failed_status: i32) -> Result<(), CudaError> {
        self.check_device()?;
        let driver = gpu(self.device)?;
        let _current = Current::enter(&**driver)?;
        let Some((function, dims)) = self.prepare(driver)? else { return Ok(()) };
        driver.launch(function, dims.grid, dims.block, dims.shared_bytes, self.params).map_err(|e| {
            if failed_status != 0 {
                error("cuLaunchKernel", format!("{} (first attempt: {})", e.name, driver.error_name(failed_status)))
            } else {
                e
            }
        })
    }

    /// Inside a graph-mode entry point: records the launch of a loaded
    /// kernel (each parameter an 8-byte cell); a first launch runs now,
    /// after what is pending, as autotuning times it on the stream.
    fn record(&self) -> Result<(), CudaError> {
        self.check_device()?;
        if self.entry().function.load(Ordering::Acquire).is_null() {
            super::graph::flush()?;
            return self.run(0);
        }
        let Some((function, dims)) = self.loaded_dims()? else { return Ok(()) };
        // SAFETY: in graph mode every parameter cell is 8 bytes.
        let args = self.params.iter().map(|&p| unsafe { *(p as *const u64) }).collect();
        let launch =
            super::KernelLaunch { function, grid: dims.grid, block: dims.block, shared_bytes: dims.shared_bytes, args };
        super::graph::record(self.device, launch);
        Ok(())
    }
}

/// A launch's geometry under the chosen config.
struct Dims {
    grid: [u32; 3],
    block: [u32; 3],
    shared_bytes: u32,
}

/// The arguments of a compiled launch, checked.
///
/// # Safety
/// As [`wrt_cuda_launch_slow`].
#[allow(clippy::too_many_arguments)]
unsafe fn request<'a>(
    slot: *mut wrt_cuda_slot,
    kernel: *const wrt_cuda_kernel,
    device: i32,
    params: *mut *mut c_void,
    tensors: *const *const wrt_tensor,
    num_params: i64,
    extents: *const i64,
    by_elements: i32,
) -> Result<Request<'a>, CudaError> {
    if slot.is_null()
        || kernel.is_null()
        || extents.is_null()
        || (num_params > 0 && (params.is_null() || tensors.is_null()))
    {
        return Err(error("wrt_cuda_launch", "null slot, kernel, extents or arguments"));
    }
    let count = num_params.max(0) as usize;
    // SAFETY: compiled code passes arrays of these lengths.
    Ok(unsafe {
        Request {
            slot: &*slot,
            kernel: &*kernel,
            device,
            params: if count == 0 { &[] } else { std::slice::from_raw_parts(params, count) },
            tensors: if count == 0 { &[] } else { std::slice::from_raw_parts(tensors, count) },
            extents: std::array::from_fn(|d| (*extents.add(d)).max(0) as u64),
            mode: if by_elements != 0 { Extents::Elements } else { Extents::Grid },
        }
    })
}

/// The slow path of a compiled launch. `params` has one pointer per kernel
/// parameter (as `cuLaunchKernel` takes them), `tensors` the tensor handle
/// of each parameter (null for scalars), `extents` three programs-or-element
/// counts (`by_elements` says which), `failed_status` the `CUresult` of a
/// fast-path launch that failed (0 when the slot was not loaded).
///
/// # Safety
/// `slot` and `kernel` must be null or the slot and descriptor globals
/// wrap-lower-lazy-launch emitted; `params` and `tensors` null or readable
/// for `num_params` entries (each param pointing at its argument, each
/// tensor null or a live handle); `extents` null or readable for 3 values.
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_launch_slow(
    slot: *mut wrt_cuda_slot,
    kernel: *const wrt_cuda_kernel,
    device: i32,
    params: *mut *mut c_void,
    tensors: *const *const wrt_tensor,
    num_params: i64,
    extents: *const i64,
    by_elements: i32,
    failed_status: i32,
) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_launch", || {
        // SAFETY: the caller's contract.
        unsafe { request(slot, kernel, device, params, tensors, num_params, extents, by_elements) }?.run(failed_status)
    })
}

/// A launch of a graph-mode entry point (`--cuda-graphs`): recorded for
/// the entry point's CUDA graph while its batch is open (see
/// [`super::graph`]), issued at once otherwise. Arguments as
/// [`wrt_cuda_launch_slow`]'s, each `params` entry pointing at an 8-byte
/// cell.
///
/// # Safety
/// As [`wrt_cuda_launch_slow`], with 8 readable bytes behind each param.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn wrt_cuda_graph_launch(
    slot: *mut wrt_cuda_slot,
    kernel: *const wrt_cuda_kernel,
    device: i32,
    params: *mut *mut c_void,
    tensors: *const *const wrt_tensor,
    num_params: i64,
    extents: *const i64,
    by_elements: i32,
) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_launch", || {
        // SAFETY: the caller's contract.
        let request = unsafe { request(slot, kernel, device, params, tensors, num_params, extents, by_elements) }?;
        if super::graph::recording() {
            request.record()
        } else {
            request.run(0)
        }
    })
}

/// `torch.cuda.device(device)`: makes `cuda:<device>` current on this
/// thread; `*previous` receives the context to restore (null when nothing
/// changed).
///
/// # Safety
/// `previous` must be null or writable.
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_guard_enter(device: i32, previous: *mut *mut c_void) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_guard_enter", || {
        if previous.is_null() {
            return Err(error("wrt_cuda_guard_enter", "previous is null"));
        }
        let driver = gpu(device)?;
        let before = driver.enter()?;
        // Box the "changed" flag into the pointer: null means unchanged; a
        // changed-from-null context is stored as 1.
        // SAFETY: checked non-null.
        unsafe { *previous = before.map(|p| if p == 0 { 1 } else { p }).unwrap_or(0) as *mut c_void };
        Ok(())
    })
}

/// Restores the context `wrt_cuda_guard_enter` replaced.
///
/// # Safety
/// `previous` must be null or what `wrt_cuda_guard_enter` stored for this
/// guard.
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_guard_exit(device: i32, previous: *mut c_void) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_guard_exit", || {
        if previous.is_null() {
            return Ok(());
        }
        let previous = if previous as usize == 1 { 0 } else { previous as usize };
        gpu(device)?.restore(previous)
    })
}

/// Waits for all work the runtime queued on `cuda:<device>`.
#[no_mangle]
pub extern "C" fn wrt_cuda_synchronize(device: i32) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_synchronize", || {
        super::graph::flush()?;
        gpu(device)?.synchronize()
    })
}
