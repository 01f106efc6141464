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

/// wrt_as_strided's arguments, the status it must return and what its
/// message must say.
type AsStridedCall<'a> = (*const wrt_tensor, usize, *const i64, *const i64, i64, *mut *mut wrt_tensor, i32, &'a str);

#[test]
fn views_the_lock_free_path_cannot_make_are_errors_from_the_general_path() {
    // wrt_as_strided tries the owner's lock-free view first; each bad
    // argument must still reach the general path's named error.
    let b = base(4);
    let (one, two) = ([1i64], [2i64]);
    let mut out = std::ptr::null_mut();
    let cases: [AsStridedCall; 6] = [
        (std::ptr::null(), 1, two.as_ptr(), one.as_ptr(), 0, &mut out, WRT_ERR_NULL, "base is null"),
        (raw(&b), 1, std::ptr::null(), one.as_ptr(), 0, &mut out, WRT_ERR_NULL, "sizes is null"),
        (raw(&b), 1, two.as_ptr(), std::ptr::null(), 0, &mut out, WRT_ERR_NULL, "strides is null"),
        (raw(&b), 1, two.as_ptr(), one.as_ptr(), 0, std::ptr::null_mut(), WRT_ERR_NULL, "output pointer is null"),
        (raw(&b), 1, two.as_ptr(), one.as_ptr(), 3, &mut out, WRT_ERR_BOUNDS, "reaches element 4 of a storage of 4"),
        (raw(&b), 1, two.as_ptr(), one.as_ptr(), -1, &mut out, WRT_ERR_BOUNDS, "negative storage offset"),
    ];
    for (t, rank, sizes, strides, offset, out_slot, code, message) in cases {
        // SAFETY: live handles or nulls; arrays of `rank` elements or null.
        let status = unsafe { wrt_as_strided(t, rank, sizes, strides, offset, out_slot) };
        assert_eq!(status, code, "{message}: {}", last_error());
        assert!(last_error().contains(message), "{}", last_error());
        assert!(out.is_null());
    }
    // Rank 0 reads no arrays: null ones are fine.
    // SAFETY: a live handle; nothing is read for rank 0.
    let status = unsafe { wrt_as_strided(raw(&b), 0, std::ptr::null(), std::ptr::null(), 3, &mut out) };
    assert_eq!(status, WRT_OK, "{}", last_error());
    // SAFETY: the view just made, released once.
    unsafe {
        assert_eq!(wrt_tensor_storage_offset(out), 3);
        wrt_tensor_release(out);
    }
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
