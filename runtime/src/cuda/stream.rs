//! The stream a call's CUDA work goes on. The runtime's own is the device's
//! (a non-blocking stream of its own; the legacy default stream under an
//! embedder). An embedder whose framework has a *current* stream (PyTorch's
//! `torch.cuda.stream(s)`, the side stream `torch.cuda.graph` captures on)
//! makes it the call's for the length of a call: every launch of the call,
//! compiled fast path and runtime slow path alike, then joins the work the
//! framework orders on that stream (its allocations, its operators), and a
//! captured call records its launches into the caller's graph.
//!
//! Per thread: a call runs on one thread, and another thread's current
//! stream is its own.

#![allow(non_camel_case_types)]

use std::cell::Cell;
use std::ffi::c_void;

/// A call's stream: `device` (-1: none set) and the driver's stream handle.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct wrt_cuda_call_stream {
    pub device: i32,
    pub stream: *mut c_void,
}

impl wrt_cuda_call_stream {
    pub const NONE: wrt_cuda_call_stream = wrt_cuda_call_stream { device: -1, stream: std::ptr::null_mut() };
}

thread_local! {
    static CALL: Cell<wrt_cuda_call_stream> = const { Cell::new(wrt_cuda_call_stream::NONE) };
}

/// The stream this thread's call set for `device`, if any.
#[inline]
pub fn call_stream(device: i32) -> Option<*mut c_void> {
    let call = CALL.try_with(Cell::get).unwrap_or(wrt_cuda_call_stream::NONE);
    (call.device >= 0 && call.device == device).then_some(call.stream)
}

/// This thread's call stream (the fake driver's slow path reads it; it
/// stands for every device).
#[cfg(any(test, feature = "fake-cuda"))]
pub(crate) fn current() -> CallStream {
    let call = CALL.try_with(Cell::get).unwrap_or(wrt_cuda_call_stream::NONE);
    CallStream { stream: (call.device >= 0).then_some(call.stream) }
}

#[cfg(any(test, feature = "fake-cuda"))]
pub(crate) struct CallStream {
    pub stream: Option<*mut c_void>,
}

/// Swaps this thread's call stream with `*scope`: an embedder sets its
/// current stream before a call (`{device, stream}`) and swaps again after
/// it, which puts back what was there (calls nest). `{-1, null}` clears it.
///
/// # Safety
/// `scope` must be null (ignored) or point at a `wrt_cuda_call_stream`.
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_swap_stream(scope: *mut wrt_cuda_call_stream) {
    // SAFETY: the caller's contract.
    if let Some(scope) = unsafe { scope.as_mut() } {
        // A thread whose state is gone (exiting) keeps none.
        let _ = CALL.try_with(|call| *scope = call.replace(*scope));
    }
}

/// The stream compiled code launches `device`'s kernels on: this thread's
/// call stream for it, else `own` (the device's, from its launch slot).
#[no_mangle]
pub extern "C" fn wrt_cuda_stream(device: i32, own: *mut c_void) -> *mut c_void {
    call_stream(device).unwrap_or(own)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_stream_is_per_device_per_thread_and_swaps_back() {
        let own = 0x10 as *mut c_void;
        let side = 0x20 as *mut c_void;
        assert_eq!(wrt_cuda_stream(0, own), own);
        let mut scope = wrt_cuda_call_stream { device: 0, stream: side };
        // SAFETY: a local.
        unsafe { wrt_cuda_swap_stream(&mut scope) };
        assert_eq!(scope, wrt_cuda_call_stream::NONE);
        assert_eq!(wrt_cuda_stream(0, own), side);
        assert_eq!(wrt_cuda_stream(1, own), own, "another device keeps its own");
        let elsewhere = std::thread::spawn(|| wrt_cuda_stream(0, 0x10 as *mut c_void) as usize).join().unwrap();
        assert_eq!(elsewhere, own as usize, "another thread keeps its own");
        // SAFETY: a local.
        unsafe { wrt_cuda_swap_stream(&mut scope) };
        assert_eq!(scope, wrt_cuda_call_stream { device: 0, stream: side });
        assert_eq!(wrt_cuda_stream(0, own), own);
        // SAFETY: null is ignored.
        unsafe { wrt_cuda_swap_stream(std::ptr::null_mut()) };
    }
}
