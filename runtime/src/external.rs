//! The embedder backend: tensors whose memory, geometry and autograd state
//! belong to an embedding framework (PyTorch, through `python/wrapc_torch`).
//!
//! A compiled wrapper reads tensor headers inline, so an embedder hands the
//! runtime a *mirror* of each of its tensors: a tensor object over the
//! framework's own memory ([`Storage::external`]) with the framework
//! tensor's geometry, flags and version. The wrapper runs on the mirrors;
//! afterwards the embedder reads their state back and applies the
//! differences to its own tensors (version deltas, `set_`, `as_strided_`).
//! Data movement cannot be deferred that way, so `copy_` into or out of
//! embedder memory is delegated to the embedder's [`wrt_external_backend`]
//! (for PyTorch: `Tensor::copy_` on the current stream, with PyTorch's
//! broadcasting and dtype rules).

use std::ffi::c_void;
use std::sync::atomic::{AtomicPtr, Ordering};

use crate::capi::wrt_tensor;

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
    pub copy: Option<unsafe extern "C" fn(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32>,
}

static BACKEND: AtomicPtr<wrt_external_backend> = AtomicPtr::new(std::ptr::null_mut());

/// Installs the embedder's backend (process-wide for this runtime).
pub(crate) fn install(backend: *const wrt_external_backend) {
    BACKEND.store(backend as *mut _, Ordering::Release);
}

/// The embedder's copy, if one is installed.
pub(crate) fn copy_hook() -> Option<unsafe extern "C" fn(*const wrt_tensor, *const wrt_tensor) -> i32> {
    let backend = BACKEND.load(Ordering::Acquire);
    // SAFETY: installed backends are static for the life of the process
    // (the embedder's contract in wrapc_runtime.h).
    (!backend.is_null()).then(|| unsafe { (*backend).copy }).flatten()
}
