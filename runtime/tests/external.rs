//! The embedder backend through the C ABI: mirrors over memory the runtime
//! does not own, storage and version sharing, owners released with the last
//! view, copies delegated to the embedder (and its failures reported), and
//! the argument errors of `wrt_from_external`.

// Pointer-taking entry points are being made `unsafe extern "C"` one by one;
// the calls here are written for that, whichever they are today.
#![allow(unused_unsafe)]

use std::ffi::{c_void, CStr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use wrapc_runtime::capi::*;
use wrapc_runtime::external::wrt_external_backend;

/// The embedder backend is process-wide: tests that install one take turns.
static BACKEND_LOCK: Mutex<()> = Mutex::new(());

fn desc(data: &mut [f32], sizes: &[i64], strides: &[i64], offset: i64) -> wrt_external_tensor {
    wrt_external_tensor {
        data: data.as_mut_ptr() as *mut c_void,
        nbytes: std::mem::size_of_val(data) as u64,
        dtype: 2, // f32
        device_kind: 0,
        device_index: 0,
        rank: sizes.len() as u64,
        sizes: sizes.as_ptr(),
        strides: strides.as_ptr(),
        storage_offset: offset,
        requires_grad: false,
        is_leaf: true,
        version: 7,
        owner: std::ptr::null_mut(),
        release: None,
    }
}

fn mirror(d: &wrt_external_tensor, share: *const wrt_tensor, share_version: bool) -> *mut wrt_tensor {
    let mut out = std::ptr::null_mut();
    // SAFETY: the descriptor's arrays and data are live for the call.
    let status = unsafe { wrt_from_external(d, share, share_version, &mut out) };
    assert_eq!(status, WRT_OK, "{}", last_error());
    out
}

// Safe shorthands for the queries these tests make on handles they own.
fn version(t: *const wrt_tensor) -> i64 {
    // SAFETY: the tests pass live handles.
    unsafe { wrt_tensor_version(t) }
}

fn storage_id(t: *const wrt_tensor) -> i64 {
    // SAFETY: the tests pass live handles.
    unsafe { wrt_tensor_storage_id(t) }
}

fn copy(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    // SAFETY: the tests pass live handles.
    unsafe { wrt_copy_(dst, src) }
}

fn last_error() -> String {
    // SAFETY: the runtime returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(wrt_last_error()) }.to_string_lossy().into_owned()
}

#[test]
fn mirrors_view_the_embedders_memory_and_share_storage_and_version() {
    let mut data = vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0];
    let (sizes, strides) = ([2i64, 3], [3i64, 1]);
    let d = desc(&mut data, &sizes, &strides, 0);
    let a = mirror(&d, std::ptr::null(), false);
    // SAFETY: a live handle.
    assert_eq!(unsafe { wrt_tensor_is_external(a) }, 1);
    assert_eq!(version(a), 7);
    // SAFETY: a is a live handle.
    assert_eq!(unsafe { wrt_tensor_data_ptr(a) } as *mut f32, data.as_mut_ptr());

    let (vsizes, vstrides) = ([3i64], [1i64]);
    let vd =
        wrt_external_tensor { sizes: vsizes.as_ptr(), strides: vstrides.as_ptr(), rank: 1, storage_offset: 3, ..d };
    let b = mirror(&vd, a, true);
    assert_eq!(storage_id(a), storage_id(b));
    // SAFETY: a live handle.
    assert_eq!(unsafe { wrt_bump_version(b) }, WRT_OK);
    assert_eq!(version(a), 8, "a view shares the version counter");
    let c = mirror(&vd, a, false);
    // SAFETY: a live handle.
    assert_eq!(unsafe { wrt_bump_version(c) }, WRT_OK);
    assert_eq!(version(a), 8, "share_version = false keeps its own counter");

    let mut values = [0.0f64; 3];
    // SAFETY: values has room for 3 elements.
    assert_eq!(unsafe { wrt_read_f64(b, values.as_mut_ptr(), 3) }, WRT_OK);
    assert_eq!(values, [4.0, 5.0, 6.0]);
    for t in [a, b, c] {
        // SAFETY: live handles this test owns.
        unsafe { wrt_tensor_release(t) };
    }
}

#[test]
fn view_base_names_the_mirror_a_view_was_taken_from() {
    let mut data = vec![1.0f32, 2.0, 3.0, 4.0];
    let (sizes, strides) = ([4i64], [1i64]);
    let d = desc(&mut data, &sizes, &strides, 0);
    let base = mirror(&d, std::ptr::null(), false);
    let mut view = std::ptr::null_mut();
    let (vsizes, vstrides) = ([2i64], [2i64]);
    // SAFETY: live handle, arrays of rank 1, a writable slot.
    assert_eq!(unsafe { wrt_as_strided(base, 1, vsizes.as_ptr(), vstrides.as_ptr(), 1, &mut view) }, WRT_OK);
    let mut got = std::ptr::null_mut();
    // SAFETY: live handle and a writable slot.
    assert_eq!(unsafe { wrt_view_base(view, &mut got) }, WRT_OK);
    // SAFETY: live handles.
    assert!(unsafe { wrt_same_tensor(got, base) });
    // SAFETY: a new reference the call gave.
    unsafe { wrt_tensor_release(got) };
    got = view; // not a view: the slot is cleared
                // SAFETY: live handle and a writable slot.
    assert_eq!(unsafe { wrt_view_base(base, &mut got) }, WRT_OK);
    assert!(got.is_null());
    // SAFETY: a live handle; a null output slot and a null handle are refused.
    assert_eq!(unsafe { wrt_view_base(view, std::ptr::null_mut()) }, WRT_ERR_NULL);
    assert_eq!(unsafe { wrt_view_base(std::ptr::null(), &mut got) }, WRT_ERR_NULL);
    for t in [view, base] {
        // SAFETY: live handles this test owns.
        unsafe { wrt_tensor_release(t) };
    }
}

static RELEASED: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn count_release(owner: *mut c_void) {
    assert_eq!(owner as usize, 0x1234);
    RELEASED.fetch_add(1, Ordering::SeqCst);
}

#[test]
fn the_owner_is_released_with_the_last_view() {
    let mut data = vec![0.0f32; 4];
    let (sizes, strides) = ([4i64], [1i64]);
    let d = wrt_external_tensor {
        owner: 0x1234 as *mut c_void,
        release: Some(count_release),
        ..desc(&mut data, &sizes, &strides, 0)
    };
    let before = RELEASED.load(Ordering::SeqCst);
    let a = mirror(&d, std::ptr::null(), false);
    let mut view = std::ptr::null_mut();
    // SAFETY: live handle, arrays of rank 1, writable slot.
    assert_eq!(unsafe { wrt_as_strided(a, 1, [2i64].as_ptr(), [2i64].as_ptr(), 0, &mut view) }, WRT_OK);
    // SAFETY: a live handle this test owns.
    unsafe { wrt_tensor_release(a) };
    assert_eq!(RELEASED.load(Ordering::SeqCst), before, "the view still holds the storage");
    // SAFETY: a live handle this test owns.
    unsafe { wrt_tensor_release(view) };
    assert_eq!(RELEASED.load(Ordering::SeqCst), before + 1);
}

static COPIES: AtomicUsize = AtomicUsize::new(0);

unsafe extern "C" fn recording_copy(dst: *const c_void, src: *const c_void) -> i32 {
    COPIES.fetch_add(1, Ordering::SeqCst);
    let (dst, src) = (dst as *const wrt_tensor, src as *const wrt_tensor);
    // A copy as an embedder would do it: element by element, by the headers.
    // SAFETY: both handles are live for the call; n <= 8 in these tests.
    unsafe {
        let (mut values, n) = ([0.0f64; 8], wrt_tensor_size(src, 0) as usize);
        wrt_read_f64(src, values.as_mut_ptr(), n);
        let out = wrt_tensor_data_ptr(dst) as *mut f32;
        for (i, v) in values.iter().take(n).enumerate() {
            *out.add(i) = *v as f32;
        }
    }
    WRT_OK
}

unsafe extern "C" fn failing_copy(_dst: *const c_void, _src: *const c_void) -> i32 {
    wrt_set_error(c"the embedder refused the copy".as_ptr());
    WRT_ERR_DEVICE
}

#[test]
fn copies_into_embedder_memory_go_through_its_backend() {
    let _turn = BACKEND_LOCK.lock().unwrap();
    static RECORDING: wrt_external_backend =
        wrt_external_backend { copy: Some(recording_copy), alloc: None, call: None };
    static FAILING: wrt_external_backend = wrt_external_backend { copy: Some(failing_copy), alloc: None, call: None };
    let mut data = vec![0.0f32; 3];
    let (sizes, strides) = ([3i64], [1i64]);
    let dst = mirror(&desc(&mut data, &sizes, &strides, 0), std::ptr::null(), false);
    let mut src = std::ptr::null_mut();
    // SAFETY: arrays of the given lengths, a writable slot.
    assert_eq!(unsafe { wrt_from_f64(2, 1, sizes.as_ptr(), [1.5, 2.5, 3.5].as_ptr(), 3, &mut src) }, WRT_OK);

    // SAFETY: the statics live for the process.
    unsafe { wrt_set_external_backend(&RECORDING) };
    let copies = COPIES.load(Ordering::SeqCst);
    assert_eq!(copy(dst, src), WRT_OK, "{}", last_error());
    assert_eq!(COPIES.load(Ordering::SeqCst), copies + 1);
    assert_eq!(data, [1.5, 2.5, 3.5]);
    assert_eq!(version(dst), 8, "the runtime bumps the version once");

    // SAFETY: as above.
    unsafe { wrt_set_external_backend(&FAILING) };
    assert_eq!(copy(dst, src), WRT_ERR_DEVICE);
    assert!(last_error().contains("the embedder refused the copy"), "{}", last_error());
    assert_eq!(version(dst), 8, "a failed copy bumps nothing");

    // SAFETY: uninstalling is allowed.
    unsafe { wrt_set_external_backend(std::ptr::null()) };
    // Without a backend, host memory is copied by the runtime itself.
    assert_eq!(copy(dst, dst), WRT_OK);
    // SAFETY: a live handle this test owns.
    unsafe { wrt_tensor_release(dst) };
    // SAFETY: a live handle this test owns.
    unsafe { wrt_tensor_release(src) };
}

#[test]
fn bad_descriptors_are_errors() {
    let mut out = std::ptr::null_mut();
    // SAFETY: null descriptor is what is being tested.
    assert_eq!(unsafe { wrt_from_external(std::ptr::null(), std::ptr::null(), false, &mut out) }, WRT_ERR_NULL);

    let mut data = vec![0.0f32; 4];
    let sizes = [1i64; 9];
    let d = desc(&mut data, &sizes, &sizes, 0);
    // SAFETY: arrays of 9 elements.
    assert_eq!(unsafe { wrt_from_external(&d, std::ptr::null(), false, &mut out) }, WRT_ERR_UNSUPPORTED);

    let d = wrt_external_tensor { rank: u64::MAX, ..d };
    // SAFETY: rank is checked before the arrays are read.
    assert_eq!(unsafe { wrt_from_external(&d, std::ptr::null(), false, &mut out) }, WRT_ERR_UNSUPPORTED);

    let (s, st) = ([4i64], [1i64]);
    let base = mirror(&desc(&mut data, &s, &st, 0), std::ptr::null(), false);
    let owned = wrt_external_tensor { owner: std::ptr::dangling_mut::<c_void>(), ..desc(&mut data, &s, &st, 0) };
    // SAFETY: live handle and arrays.
    assert_eq!(unsafe { wrt_from_external(&owned, base, true, &mut out) }, WRT_ERR_ARG);
    assert!(last_error().contains("owner"), "{}", last_error());

    let d = wrt_external_tensor { dtype: 99, ..desc(&mut data, &s, &st, 0) };
    // SAFETY: as above.
    assert_eq!(unsafe { wrt_from_external(&d, std::ptr::null(), false, &mut out) }, WRT_ERR_DTYPE);
    let d = wrt_external_tensor { storage_offset: -1, ..desc(&mut data, &s, &st, 0) };
    // SAFETY: as above.
    assert_eq!(unsafe { wrt_from_external(&d, std::ptr::null(), false, &mut out) }, WRT_ERR_BOUNDS);
    // SAFETY: a live handle this test owns.
    unsafe { wrt_tensor_release(base) };
}
