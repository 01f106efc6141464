//! Calls an outside test made to crash the runtime (issue 11): each must be
//! a clean error, never a panic, an abort or a wrapped-around bounds check.

use std::ffi::CStr;

use wrapc_runtime::capi::*;
use wrapc_runtime::{DType, Device, RuntimeError, Tensor};

fn last_error() -> String {
    // SAFETY: the runtime's last error is a NUL-terminated thread-local string.
    unsafe { CStr::from_ptr(wrt_last_error()) }.to_string_lossy().into_owned()
}

/// A handle for the C ABI (its reference is leaked: tests are short-lived).
fn raw(t: &Tensor) -> *const wrt_tensor {
    t.clone().into_raw()
}

fn base(n: usize) -> Tensor {
    Tensor::from_f64s(&[n as i64], DType::F32, &vec![1.0; n]).unwrap()
}

#[test]
fn view_extents_that_overflow_are_errors() {
    let b = base(8);
    for (sizes, strides, offset) in [
        (vec![3], vec![1i64 << 62], 0),
        (vec![2], vec![1], i64::MAX),
        (vec![i64::MAX, 2], vec![1, i64::MAX], 0),
        (vec![1 << 40, 1 << 40], vec![0, 0], 0),
    ] {
        let result = b.as_strided(&sizes, &strides, offset);
        assert!(result.is_err(), "{sizes:?} {strides:?} {offset} must be rejected");
        assert!(b.as_strided_(&sizes, &strides, offset).is_err());
    }
    assert!(Tensor::empty_strided(&[3], &[1 << 62], DType::F64, Device::Host).is_err());
    assert!(Tensor::empty(&[1 << 32, 1 << 32], DType::F32, Device::Host).is_err());
    assert!(matches!(Tensor::empty(&[1 << 62], DType::F64, Device::Host), Err(RuntimeError::Alloc(_))));
}

#[test]
fn huge_stride_zero_views_are_read_only_within_bounds() {
    let b = base(1);
    let huge = b.as_strided(&[1 << 40], &[0], 0).unwrap();
    let mut out = [0f64; 4];
    // SAFETY: a live handle; `out` has room for 4 elements.
    let status = unsafe { wrt_read_f64(raw(&huge), out.as_mut_ptr(), out.len()) };
    assert_eq!(status, WRT_ERR_ARG);
    assert!(last_error().contains("do not fit in 4"), "{}", last_error());
    // A stride-0 destination would be written many times: PyTorch refuses it.
    assert!(huge.copy_(&base(1)).is_err());
}

#[test]
fn absurd_ranks_are_refused_before_anything_is_read() {
    let sizes = [4i64];
    let mut out = std::ptr::null_mut();
    // SAFETY: the rank is refused before `sizes` is read past its 1 element.
    let status = unsafe { wrt_from_f64(DType::F32 as i32, usize::MAX, sizes.as_ptr(), std::ptr::null(), 0, &mut out) };
    assert_eq!(status, WRT_ERR_UNSUPPORTED);
    assert!(out.is_null());
    let b = base(4);
    // SAFETY: as above.
    let status = unsafe { wrt_as_strided(raw(&b), usize::MAX, sizes.as_ptr(), sizes.as_ptr(), 0, &mut out) };
    assert_eq!(status, WRT_ERR_UNSUPPORTED);
    // SAFETY: a values array of SIZE_MAX elements is refused, not read.
    let status = unsafe {
        wrt_from_f64(DType::F32 as i32, 1, sizes.as_ptr(), std::ptr::dangling::<f64>(), usize::MAX, &mut out)
    };
    assert_eq!(status, WRT_ERR_ARG);
}

#[test]
fn dimension_queries_out_of_range_set_their_own_message() {
    let b = base(4);
    // SAFETY: live handles; a bad dimension is an error, not a read.
    unsafe {
        assert_eq!(wrt_tensor_size(std::ptr::null(), 0), -1);
        assert!(last_error().contains("null"));
        assert_eq!(wrt_tensor_size(raw(&b), 1), -1);
        assert_eq!(last_error(), "wrt_tensor_size: dimension 1 is out of range for a tensor of rank 1");
        assert_eq!(wrt_tensor_stride(raw(&b), -1), -1);
        assert_eq!(last_error(), "wrt_tensor_stride: dimension -1 is out of range for a tensor of rank 1");
        assert_eq!(wrt_tensor_size(raw(&b), 0), 4);
    }
}
