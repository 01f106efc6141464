//! Calling compiled code from the differential tests: the arguments and
//! results of a compiled graph's trampoline (a Rust graph behind wrapc's
//! native ABI), and a call of a compiled entry point.

use wrapc_interpreter::Value;
use wrapc_runtime::capi::{self, wrt_tensor};

/// wrapc's native entry-point signature (`wrapc_codegen::NativeFn`).
pub type Entry = unsafe extern "C" fn(*const *mut wrt_tensor, usize, *mut *mut wrt_tensor, usize) -> i32;

/// The status a trampoline returns when its graph fails.
const GRAPH_FAILED: i32 = 6;

/// The values a trampoline's graph gets: another reference to each
/// borrowed handle (the caller's stay its own); `Null` for a null one.
///
/// # Safety
/// `inputs` must be readable for `n_in` handles, each null or live.
pub unsafe fn graph_args(inputs: *const *mut wrt_tensor, n_in: usize) -> Vec<Value> {
    // SAFETY: the caller's contract.
    let handles = unsafe { std::slice::from_raw_parts(inputs, n_in) };
    handles
        .iter()
        .map(|&h| {
            let mut copy = std::ptr::null_mut();
            if capi::wrt_tensor_retain(h, &mut copy) != 0 {
                return Value::Null;
            }
            // SAFETY: `copy` is a fresh owning handle.
            unsafe { capi::take_handle(copy) }.map(Value::Tensor).unwrap_or(Value::Null)
        })
        .collect()
}

/// Stores what a trampoline's graph returned as new references (symbolic
/// ints as 0-d tensors, as native code passes them); the trampoline's
/// status: 0, or a failure for an error or another number of results.
///
/// # Safety
/// `outputs` must be writable for `n_out` handles.
pub unsafe fn store_graph_results(
    results: Result<Vec<Value>, String>,
    outputs: *mut *mut wrt_tensor,
    n_out: usize,
) -> i32 {
    match results {
        Ok(results) if results.len() == n_out => {
            for (k, value) in results.into_iter().enumerate() {
                let Ok(Some(t)) = value.to_native() else { return GRAPH_FAILED };
                // SAFETY: the caller's contract.
                unsafe { *outputs.add(k) = capi::into_handle(t) };
            }
            0
        }
        _ => GRAPH_FAILED,
    }
}

/// Calls `function` with `inputs` (lent as handles, released after) and
/// room for `n_out` results: its results, or the runtime's last error.
pub fn call_entry(function: Entry, inputs: &[Value], n_out: usize) -> Result<Vec<Value>, String> {
    let handles: Vec<*mut wrt_tensor> = inputs
        .iter()
        .map(|v| v.to_native().expect("a value native code takes").map_or(std::ptr::null_mut(), capi::into_handle))
        .collect();
    let mut outputs = vec![std::ptr::null_mut(); n_out];
    // SAFETY: the entry point has wrapc's ABI; the arrays hold what it says.
    let status = unsafe { function(handles.as_ptr(), handles.len(), outputs.as_mut_ptr(), outputs.len()) };
    for h in handles {
        // SAFETY: made above, not used again.
        unsafe { capi::wrt_tensor_release(h) };
    }
    if status != 0 {
        // SAFETY: a thread-local NUL-terminated message.
        return Err(unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned());
    }
    Ok(outputs
        .into_iter()
        // SAFETY: owned handles written by the entry point.
        .map(|h| unsafe { capi::take_handle(h) }.map_or(Value::Null, |t| Value::from_native(t, false).unwrap()))
        .collect())
}
