//! What an embedding framework installs for the runtime (PyTorch, through
//! `python/wrapc_torch`): its `copy_`, its allocator and its operators
//! ([`wrt_external_backend`]), and the owner that keeps its memory alive.
//! The runtime's tensor layer calls these; the C entry points that install
//! them and mirror the framework's tensors are `external.rs`.

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};

use wrapc_abi::Status;

use crate::last_error;
use crate::{Device, Result, RuntimeError};

/// A tensor handle as the hooks pass it (`wrt_tensor *` in C): opaque at
/// this layer, which the tensor objects the handles point at sit above
/// (they allocate through it).
pub type TensorHandle = c_void;

/// Keeps an embedder's memory alive: `release(handle)` runs when the last
/// runtime view of the storage goes.
pub struct Owner {
    handle: *mut c_void,
    release: Option<unsafe extern "C" fn(*mut c_void)>,
}

impl Owner {
    pub(crate) fn new(handle: *mut c_void, release: Option<unsafe extern "C" fn(*mut c_void)>) -> Owner {
        Owner { handle, release }
    }
}

impl Owner {
    /// The embedder's handle (what `wrt_external_owner` hands back).
    pub(crate) fn handle(&self) -> *mut c_void {
        self.handle
    }
}

impl std::fmt::Debug for Owner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Owner({:p})", self.handle)
    }
}

impl Drop for Owner {
    fn drop(&mut self) {
        if let Some(release) = self.release {
            // SAFETY: the embedder gave this handle and its release function
            // together, for exactly one call.
            unsafe { release(self.handle) }
        }
    }
}

/// What the embedder does for the runtime (see `wrapc_runtime.h`).
#[repr(C)]
pub struct wrt_external_backend {
    /// `dst.copy_(src)` where either side is in embedder memory: returns a
    /// status (message through `wrt_set_error`). It must not bump the
    /// runtime's version counters: the runtime does.
    pub copy: Option<unsafe extern "C" fn(dst: *const TensorHandle, src: *const TensorHandle) -> i32>,
    /// Memory for a new tensor (`wrap.empty_strided`, `wrap.alloc`): the
    /// embedder's allocator, so that its memory statistics, caching and
    /// streams see it. Null: the runtime's own allocator.
    pub alloc: Option<AllocFn>,
    /// An operator of the embedder (`wrap.extern_call`). Null: extern
    /// calls fail, naming the operator.
    pub call: Option<CallFn>,
}

/// `alloc(nbytes, device_kind, device_index, &data, &owner, &release)`.
pub type AllocFn = unsafe extern "C" fn(
    nbytes: u64,
    device_kind: i32,
    device_index: i32,
    data: *mut *mut c_void,
    owner: *mut *mut c_void,
    release: *mut Option<unsafe extern "C" fn(*mut c_void)>,
) -> i32;

/// `call(op, spec, cells, n_cells, results, n_results)` (see `wrt_extern_call`).
pub type CallFn = unsafe extern "C" fn(
    op: *const std::ffi::c_char,
    spec: *const std::ffi::c_char,
    cells: *const *mut c_void,
    n_cells: usize,
    results: *mut *mut TensorHandle,
    n_results: usize,
) -> i32;

static BACKEND: AtomicPtr<wrt_external_backend> = AtomicPtr::new(std::ptr::null_mut());

/// Installs the embedder's backend (process-wide for this runtime).
pub(crate) fn install(backend: *const wrt_external_backend) {
    BACKEND.store(backend as *mut _, Ordering::Release);
}

/// The embedder's copy, if one is installed.
pub(crate) fn copy_hook() -> Option<unsafe extern "C" fn(*const TensorHandle, *const TensorHandle) -> i32> {
    let backend = BACKEND.load(Ordering::Acquire);
    // SAFETY: installed backends are static for the life of the process
    // (the embedder's contract in wrapc_runtime.h).
    (!backend.is_null()).then(|| unsafe { (*backend).copy }).flatten()
}

/// Whether an embedder installed its backend: its work then runs on the
/// CUDA legacy default stream, which the runtime's launches join (see
/// `cuda::driver`).
pub(crate) fn installed() -> bool {
    !BACKEND.load(Ordering::Acquire).is_null()
}

/// The embedder's operators (`wrap.extern_call`), if it installed them.
pub(crate) fn call_hook() -> Option<CallFn> {
    backend().and_then(|b| b.call)
}

fn backend() -> Option<&'static wrt_external_backend> {
    let backend = BACKEND.load(Ordering::Acquire);
    // SAFETY: installed backends are static for the life of the process.
    (!backend.is_null()).then(|| unsafe { &*backend })
}

/// Memory from the embedder's allocator, if it installed one: the data
/// and the owner that gives it back.
pub(crate) fn alloc(nbytes: usize, device: Device) -> Result<Option<(*mut u8, Owner)>> {
    let Some(alloc) = backend().and_then(|b| b.alloc) else { return Ok(None) };
    let (kind, index) = device_code(device);
    let (mut data, mut owner) = (std::ptr::null_mut(), std::ptr::null_mut());
    let mut release = None;
    // SAFETY: the embedder's contract (wrapc_runtime.h); every out-pointer is a local.
    let status = unsafe { alloc(nbytes as u64, kind, index, &mut data, &mut owner, &mut release) };
    if status != Status::Ok.code() || (data.is_null() && nbytes > 0) {
        return Err(RuntimeError::Alloc(format!(
            "{nbytes} bytes from the embedder's allocator: {}",
            last_error::text()
        )));
    }
    Ok(Some((data as *mut u8, Owner::new(owner, release))))
}

/// The ABI's (kind, index) codes of a device.
pub(crate) fn device_code(device: Device) -> (i32, i32) {
    match device {
        Device::Host => (0, 0),
        Device::Cuda(index) => (1, index),
    }
}
