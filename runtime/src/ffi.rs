//! The plumbing every C-ABI entry point shares, whichever backend it
//! belongs to (capi, host, cuda, external): status codes, the thread's last
//! error, the panic barrier, and argument conversion. Backends depend on
//! this module, never on `capi` (which re-exports the codes), so the ABI
//! has no import cycle.
#![allow(non_camel_case_types)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use wrapc_abi::Status;

use crate::{DType, Device, RuntimeError, Tensor};

pub use crate::tensor::object::wrt_tensor;

// The status codes, as wrapc_abi::Status defines them.
pub const WRT_OK: i32 = Status::Ok.code();
pub const WRT_ERR_NULL: i32 = Status::Null.code();
pub const WRT_ERR_DTYPE: i32 = Status::Dtype.code();
pub const WRT_ERR_SHAPE: i32 = Status::Shape.code();
pub const WRT_ERR_DEVICE: i32 = Status::Device.code();
pub const WRT_ERR_BOUNDS: i32 = Status::Bounds.code();
pub const WRT_ERR_ARG: i32 = Status::Arg.code();
pub const WRT_ERR_ALLOC: i32 = Status::Alloc.code();
pub const WRT_ERR_UNSUPPORTED: i32 = Status::Unsupported.code();
pub const WRT_ERR_INTERNAL: i32 = Status::Internal.code();
/// A CUDA driver call failed; the message names the call and the error
/// (`cuLaunchKernel failed: CUDA_ERROR_INVALID_VALUE`).
pub const WRT_ERR_CUDA: i32 = Status::Cuda.code();

pub(crate) use crate::last_error::set as set_last_error;

/// A failure at the ABI: a status code and its message.
pub(crate) struct Failure(pub(crate) i32, pub(crate) String);

impl From<RuntimeError> for Failure {
    fn from(error: RuntimeError) -> Self {
        let code = match error {
            RuntimeError::DType(_) => WRT_ERR_DTYPE,
            RuntimeError::Shape(_) => WRT_ERR_SHAPE,
            RuntimeError::Device(_) => WRT_ERR_DEVICE,
            RuntimeError::Bounds(_) => WRT_ERR_BOUNDS,
            RuntimeError::Argument(_) => WRT_ERR_ARG,
            RuntimeError::Alloc(_) => WRT_ERR_ALLOC,
            RuntimeError::Unsupported(_) => WRT_ERR_UNSUPPORTED,
            RuntimeError::External(code) => {
                // The embedder recorded its own message; keep it.
                let message = crate::last_error::text();
                return Failure(code, message);
            }
        };
        Failure(code, error.to_string())
    }
}

pub(crate) type Outcome = Result<(), Failure>;

/// Runs `body`, turning failures and panics into a status code.
pub(crate) fn status(name: &str, body: impl FnOnce() -> Outcome) -> i32 {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => WRT_OK,
        Ok(Err(Failure(code, message))) => {
            set_last_error(&format!("{name}: {message}"));
            code
        }
        Err(_) => {
            set_last_error(&format!("{name}: internal error"));
            WRT_ERR_INTERNAL
        }
    }
}

/// [`status`] for the CUDA backend's entry points.
pub(crate) fn cuda_status(name: &str, body: impl FnOnce() -> crate::cuda::Result<()>) -> i32 {
    status(name, || body().map_err(|e| Failure(WRT_ERR_CUDA, e.to_string())))
}

/// The tensor behind a borrowed handle, without touching its reference
/// count (the handle's owner keeps it alive for the call).
pub(crate) struct Borrowed(std::mem::ManuallyDrop<Tensor>);

impl std::ops::Deref for Borrowed {
    type Target = Tensor;
    fn deref(&self) -> &Tensor {
        &self.0
    }
}

pub(crate) fn tensor(ptr: *const wrt_tensor, what: &str) -> Result<Borrowed, Failure> {
    if ptr.is_null() {
        return Err(Failure(WRT_ERR_NULL, format!("{what} is null")));
    }
    // SAFETY: a non-null live handle of either kind (the caller's contract).
    if unsafe { crate::borrowed::of(ptr) }.is_some() {
        return Err(Failure(
            WRT_ERR_ARG,
            format!(
                "{what} is an embedder's tensor lent for the call (wrt_borrowed_tensor), which only compiled code \
                 reads: lend only the arguments the library lists as borrowable"
            ),
        ));
    }
    // SAFETY: non-null handles come from this ABI and are live (the
    // caller's contract, as for any C handle); ManuallyDrop never releases
    // the reference it does not own.
    Ok(Borrowed(std::mem::ManuallyDrop::new(unsafe { Tensor::from_raw(ptr) })))
}

pub(crate) fn slice<'a, T>(ptr: *const T, len: usize, what: &str) -> Result<&'a [T], Failure> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Failure(WRT_ERR_NULL, format!("{what} is null")));
    }
    if len > isize::MAX as usize / std::mem::size_of::<T>().max(1) {
        return Err(Failure(WRT_ERR_ARG, format!("{what}: {len} elements is more than memory can hold")));
    }
    // SAFETY: the caller passes `len` readable elements.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Sizes or strides of `rank` dimensions: a rank past the header's is
/// refused before anything is read.
pub(crate) fn dims<'a>(ptr: *const i64, rank: usize, what: &str) -> Result<&'a [i64], Failure> {
    if rank > crate::MAX_RANK {
        return Err(Failure(WRT_ERR_UNSUPPORTED, format!("rank {rank} (at most {})", crate::MAX_RANK)));
    }
    slice(ptr, rank, what)
}

/// [`dims`] for a hot path: `None` where `dims` fails.
#[inline(always)]
pub(crate) fn dims_or_none<'a>(ptr: *const i64, rank: usize) -> Option<&'a [i64]> {
    match rank {
        0 => Some(&[]),
        _ if rank > crate::MAX_RANK || ptr.is_null() => None,
        // SAFETY: the caller passes `rank` readable elements.
        _ => Some(unsafe { std::slice::from_raw_parts(ptr, rank) }),
    }
}

pub(crate) fn store(out: *mut *mut wrt_tensor, value: Tensor) -> Outcome {
    if out.is_null() {
        return Err(Failure(WRT_ERR_NULL, "output pointer is null".into()));
    }
    // SAFETY: `out` is a writable pointer slot (checked non-null).
    unsafe { *out = value.into_raw() as *mut wrt_tensor };
    Ok(())
}

pub(crate) fn dtype(code: i32) -> Result<DType, Failure> {
    DType::from_code(code).ok_or_else(|| Failure(WRT_ERR_DTYPE, format!("unknown dtype code {code}")))
}

pub(crate) fn device(kind: i32, index: i32) -> Result<Device, Failure> {
    match kind {
        0 => Ok(Device::Host),
        1 => Ok(Device::Cuda(index)),
        _ => Err(Failure(WRT_ERR_DEVICE, format!("unknown device kind {kind}"))),
    }
}

pub(crate) use crate::last_error::ptr as last_error;
