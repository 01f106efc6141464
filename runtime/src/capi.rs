//! The C ABI compiled wrappers and C/C++ hosts call (`include/wrapc_runtime.h`).
//!
//! Every function checks its pointers and returns a status instead of
//! crashing; the message of the last failure on this thread is
//! `wrt_last_error()`. No panic crosses the boundary.
#![allow(non_camel_case_types)]

use std::ffi::{c_char, CStr};

use crate::{DType, Device, Tensor};

// The backends' own entry points, so that the whole C ABI is reachable here.
pub use crate::external::{
    wrt_extern_call, wrt_external_owner, wrt_external_tensor, wrt_from_external, wrt_set_external_backend,
    wrt_set_view_base, wrt_tensor_is_external, wrt_view_base,
};
pub use crate::host::{wrt_host_kernel, wrt_host_symbol, wrt_launch_host};

mod subclass;
pub use subclass::{wrt_subclass_attr, wrt_subclass_check_type, wrt_subclass_new, wrt_subclass_num_attrs};

pub(crate) use crate::ffi::{device, dims, dims_or_none, dtype, set_last_error, slice, status, store, tensor, Failure};
pub use crate::ffi::{
    wrt_tensor, WRT_ERR_ALLOC, WRT_ERR_ARG, WRT_ERR_BOUNDS, WRT_ERR_CUDA, WRT_ERR_DEVICE, WRT_ERR_DTYPE,
    WRT_ERR_INTERNAL, WRT_ERR_NULL, WRT_ERR_SHAPE, WRT_ERR_UNSUPPORTED, WRT_OK,
};

#[no_mangle]
pub extern "C" fn wrt_last_error() -> *const c_char {
    crate::ffi::last_error()
}

/// Records `message` as this thread's last error (for compiled code).
///
/// # Safety
/// `message` must be null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wrt_set_error(message: *const c_char) {
    let text = if message.is_null() {
        "unknown error".to_string()
    } else {
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe { CStr::from_ptr(message) }.to_string_lossy().into_owned()
    };
    set_last_error(&text);
}

#[no_mangle]
pub extern "C" fn wrt_grad_enabled() -> bool {
    crate::grad_enabled()
}

#[no_mangle]
pub extern "C" fn wrt_set_grad_enabled(enabled: bool) {
    crate::set_grad_enabled(enabled)
}

/// The calling thread's grad-mode flag (a `bool`, 0 or 1), which compiled
/// wrappers read and write inline: fetched once per call, never kept
/// across calls or handed to another thread.
#[no_mangle]
pub extern "C" fn wrt_grad_mode_slot() -> *mut bool {
    crate::thread::grad_mode_slot()
}

/// Releases one reference; null is ignored.
///
/// # Safety
/// `t` must be null or an owning handle from this ABI, not used again.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_release(t: *mut wrt_tensor) {
    if t.is_null() {
        return;
    }
    // SAFETY: a live handle the caller owns (the caller's contract).
    match unsafe { crate::borrowed::of(t) } {
        // SAFETY: as above.
        Some(lent) => unsafe { crate::borrowed::release(lent) },
        // SAFETY: `t` owns one reference made by this ABI, released once.
        None => drop(unsafe { Tensor::from_raw(t) }),
    }
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_retain(t: *const wrt_tensor, out: *mut *mut wrt_tensor) -> i32 {
    // The hot path (a wrapper's output that is one of its inputs, retained
    // at every call) outside the panic barrier, which was a third of its
    // time: taking a reference cannot fail (a count that would overflow
    // aborts, as `Arc`'s does). Null pointers get the named error below.
    // SAFETY: null or a live handle (the caller's contract).
    if !t.is_null() && !out.is_null() && unsafe { crate::borrowed::of(t) }.is_none() {
        // SAFETY: a live handle (checked non-null); the caller keeps it.
        let t = std::mem::ManuallyDrop::new(unsafe { Tensor::from_raw(t) });
        // SAFETY: `out` is a writable pointer slot (checked non-null).
        unsafe { *out = Tensor::clone(&t).into_raw() as *mut wrt_tensor };
        return WRT_OK;
    }
    // SAFETY: null or a live handle (the caller's contract).
    if let (Some(lent), false) = (unsafe { crate::borrowed::of(t) }, out.is_null()) {
        // SAFETY: `out` is a writable pointer slot (checked non-null).
        unsafe { *out = crate::borrowed::retain(lent) };
        return WRT_OK;
    }
    status("wrt_tensor_retain", || store(out, Tensor::clone(&*tensor(t, "tensor")?)))
}

/// # Safety
/// `sizes` must be null or readable for as many elements as the call says.
/// `strides` must be null or readable for as many elements as the call says.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_empty_strided(
    dtype_code: i32,
    device_kind: i32,
    device_index: i32,
    rank: usize,
    sizes: *const i64,
    strides: *const i64,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_empty_strided", || {
        let t = Tensor::empty_strided(
            dims(sizes, rank, "sizes")?,
            dims(strides, rank, "strides")?,
            dtype(dtype_code)?,
            device(device_kind, device_index)?,
        )?;
        store(out, t)
    })
}

/// # Safety
/// `sizes` must be null or readable for as many elements as the call says.
/// `values` must be null or readable for as many elements as the call says.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_from_f64(
    dtype_code: i32,
    rank: usize,
    sizes: *const i64,
    values: *const f64,
    num_values: usize,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_from_f64", || {
        let t =
            Tensor::from_f64s(dims(sizes, rank, "sizes")?, dtype(dtype_code)?, slice(values, num_values, "values")?)?;
        store(out, t)
    })
}

/// Reads one integer property; -1 and a message when `t` is null.
fn query(name: &str, t: *const wrt_tensor, read: impl FnOnce(&Tensor) -> Result<i64, String>) -> i64 {
    match tensor(t, "tensor").map_err(|Failure(_, message)| message).and_then(|t| read(&t)) {
        Ok(value) => value,
        Err(message) => {
            set_last_error(&format!("{name}: {message}"));
            -1
        }
    }
}

/// Entry `dim` of a tensor's sizes or strides; out of range is an error
/// (-1 with the message set), as for a null tensor.
fn dim_of(values: Vec<i64>, dim: i64) -> Result<i64, String> {
    usize::try_from(dim)
        .ok()
        .and_then(|d| values.get(d).copied())
        .ok_or_else(|| format!("dimension {dim} is out of range for a tensor of rank {}", values.len()))
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_rank(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_rank", t, |t| Ok(t.sizes().len() as i64))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_size(t: *const wrt_tensor, dim: i64) -> i64 {
    query("wrt_tensor_size", t, |t| dim_of(t.sizes(), dim))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_stride(t: *const wrt_tensor, dim: i64) -> i64 {
    query("wrt_tensor_stride", t, |t| dim_of(t.strides(), dim))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_storage_offset(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_storage_offset", t, |t| Ok(t.storage_offset()))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_dtype(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_dtype", t, |t| Ok(t.dtype() as i64))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_device_kind(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_device_kind", t, |t| Ok(i64::from(matches!(t.device(), Device::Cuda(_)))))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_version(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_version", t, |t| Ok(t.version() as i64))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_requires_grad(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_requires_grad", t, |t| Ok(i64::from(t.requires_grad())))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_is_leaf(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_is_leaf", t, |t| Ok(i64::from(t.is_leaf())))
}
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_storage_id(t: *const wrt_tensor) -> i64 {
    query("wrt_tensor_storage_id", t, |t| Ok(t.storage_id() as i64))
}
/// # Safety
/// `a` must be null or a live handle from this ABI.
/// `b` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_same_tensor(a: *const wrt_tensor, b: *const wrt_tensor) -> bool {
    matches!((tensor(a, "a"), tensor(b, "b")), (Ok(a), Ok(b)) if Tensor::same_tensor(&a, &b))
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_bump_version(t: *const wrt_tensor) -> i32 {
    status("wrt_bump_version", || {
        tensor(t, "tensor")?.bump_version();
        Ok(())
    })
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `sizes` must be null or readable for as many elements as the call says.
/// `strides` must be null or readable for as many elements as the call says.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_as_strided(
    t: *const wrt_tensor,
    rank: usize,
    sizes: *const i64,
    strides: *const i64,
    offset: i64,
    out: *mut *mut wrt_tensor,
) -> i32 {
    // The hot path (regenerating an output that aliases an input) outside
    // the panic barrier: it returns no error (anything unusual goes to the
    // general path, which names what is wrong), and what it may run besides
    // — releases other threads sent this one — runs outside the barrier in
    // wrt_tensor_release too.
    if let (false, false, Some(sizes), Some(strides)) =
        (t.is_null(), out.is_null(), dims_or_none(sizes, rank), dims_or_none(strides, rank))
    {
        // A lent view of a lent header (an output aliasing a lent
        // argument): made here, its errors named by the general path.
        // SAFETY: null or a live handle (the caller's contract).
        let made = match unsafe { crate::borrowed::of(t) } {
            Some(lent) => crate::borrowed::view(lent, sizes, strides, offset).ok(),
            None => {
                // SAFETY: a live handle (checked non-null); the caller keeps it.
                let base = std::mem::ManuallyDrop::new(unsafe { Tensor::from_raw(t) });
                base.view_fast(sizes, strides, offset).map(|view| view.into_raw() as *mut wrt_tensor)
            }
        };
        if let Some(view) = made {
            // SAFETY: `out` is a writable pointer slot (checked non-null).
            unsafe { *out = view };
            return WRT_OK;
        }
    }
    status("wrt_as_strided", || {
        // SAFETY: null or a live handle (the caller's contract).
        if let Some(lent) = unsafe { crate::borrowed::of(t) } {
            if out.is_null() {
                return Err(Failure(WRT_ERR_NULL, "output pointer is null".into()));
            }
            let view =
                crate::borrowed::view(lent, dims(sizes, rank, "sizes")?, dims(strides, rank, "strides")?, offset)?;
            // SAFETY: a writable pointer slot (checked non-null).
            unsafe { *out = view };
            return Ok(());
        }
        let view =
            tensor(t, "base")?.as_strided(dims(sizes, rank, "sizes")?, dims(strides, rank, "strides")?, offset)?;
        store(out, view)
    })
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `sizes` must be null or readable for as many elements as the call says.
/// `strides` must be null or readable for as many elements as the call says.
#[no_mangle]
pub unsafe extern "C" fn wrt_as_strided_(
    t: *const wrt_tensor,
    rank: usize,
    sizes: *const i64,
    strides: *const i64,
    offset: i64,
) -> i32 {
    status("wrt_as_strided_", || {
        Ok(tensor(t, "tensor")?.as_strided_(dims(sizes, rank, "sizes")?, dims(strides, rank, "strides")?, offset)?)
    })
}

/// # Safety
/// `dst` must be null or a live handle from this ABI.
/// `src` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_set_(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    status("wrt_set_", || Ok(tensor(dst, "dst")?.set_(&*tensor(src, "src")?)?))
}

/// # Safety
/// `dst` must be null or a live handle from this ABI.
/// `src` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_copy_(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    status("wrt_copy_", || Ok(tensor(dst, "dst")?.copy_(&*tensor(src, "src")?)?))
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_detach(t: *const wrt_tensor, out: *mut *mut wrt_tensor) -> i32 {
    status("wrt_detach", || {
        let t = tensor(t, "tensor")?;
        t.check_plain("detach")?;
        store(out, t.detach())
    })
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_view_dtype(t: *const wrt_tensor, dtype_code: i32, out: *mut *mut wrt_tensor) -> i32 {
    status("wrt_view_dtype", || store(out, tensor(t, "tensor")?.view_dtype(dtype(dtype_code)?)?))
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_set_requires_grad(t: *const wrt_tensor, flag: bool) -> i32 {
    status("wrt_set_requires_grad", || Ok(tensor(t, "tensor")?.set_requires_grad(flag)?))
}

/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_mark_dynamic(t: *const wrt_tensor, dim: i64) -> i32 {
    status("wrt_mark_dynamic", || Ok(tensor(t, "tensor")?.mark_dynamic(dim)?))
}

/// What an autograd.Function does to a tensor its forward returns
/// ([`Tensor::mark_differentiable`]).
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_mark_differentiable(t: *const wrt_tensor, differentiable: bool) -> i32 {
    status("wrt_mark_differentiable", || {
        tensor(t, "tensor")?.mark_differentiable(differentiable);
        Ok(())
    })
}

/// Copies up to `capacity` elements, in logical order, into `out`; the
/// element count must fit.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or writable for as many elements as the call says.
#[no_mangle]
pub unsafe extern "C" fn wrt_read_f64(t: *const wrt_tensor, out: *mut f64, capacity: usize) -> i32 {
    status("wrt_read_f64", || {
        let values = tensor(t, "tensor")?.read_f64(capacity)?;
        if !values.is_empty() && out.is_null() {
            return Err(Failure(WRT_ERR_NULL, "out is null".into()));
        }
        // SAFETY: `out` has room for `capacity` >= len elements.
        unsafe { std::ptr::copy_nonoverlapping(values.as_ptr(), out, values.len()) };
        Ok(())
    })
}

//===----------------------------------------------------------------------===//
// Entry points compiled wrappers call (one per level-2/3 op that is real
// work); see passes/src/conversion/convert_wrap_to_llvm/.
//===----------------------------------------------------------------------===//

/// `dst.as_strided_(src.size(), src.stride(), src.storage_offset())`.
///
/// # Safety
/// `dst` must be null or a live handle from this ABI.
/// `src` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_as_strided_like_(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    status("wrt_as_strided_like_", || {
        let src = tensor(src, "src")?;
        Ok(tensor(dst, "dst")?.as_strided_(&src.sizes(), &src.strides(), src.storage_offset())?)
    })
}

/// `t` in a tangent's traced layout (`Tensor::coerce_layout`): `format` a
/// c10 memory format code, or `STRIDED_CODE` with `rank` traced sizes and
/// strides. `*out` is a new reference, to `t` itself when it has the layout.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `sizes` and `strides` must be null or readable for `rank` elements.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_coerce_layout(
    t: *const wrt_tensor,
    format: i32,
    rank: usize,
    sizes: *const i64,
    strides: *const i64,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_coerce_layout", || {
        let layout = if format == wrapc_abi::STRIDED_CODE {
            wrapc_abi::TangentLayout::Strided {
                sizes: dims(sizes, rank, "sizes")?.to_vec(),
                strides: dims(strides, rank, "strides")?.to_vec(),
            }
        } else {
            let format = wrapc_abi::MemoryFormat::from_code(format.into())
                .ok_or_else(|| Failure(WRT_ERR_ARG, format!("an unknown memory format code {format}")))?;
            wrapc_abi::TangentLayout::Format(format)
        };
        store(out, tensor(t, "tensor")?.coerce_layout(&layout)?)
    })
}

/// The base `AOTSyntheticBaseWrapper` passes for `n` inputs that alias
/// (`Tensor::synthetic_base`); `args` are their argument indices, for
/// messages.
///
/// # Safety
/// `members` must be null or readable for `n` handles, each null or live.
/// `args` must be null or readable for `n` elements.
/// `sizes` must be null or readable for `rank` elements.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_synthetic_base(
    members: *const *const wrt_tensor,
    args: *const i64,
    n: usize,
    trace_joint: bool,
    rank: usize,
    sizes: *const i64,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_synthetic_base", || {
        let handles = slice(members, n, "members")?;
        let args = slice(args, n, "argument indices")?;
        let members = handles
            .iter()
            .enumerate()
            .map(|(i, &h)| Ok(Tensor::clone(&*tensor(h, &format!("member #{i}"))?)))
            .collect::<Result<Vec<_>, Failure>>()?;
        let base = Tensor::synthetic_base(&members, args, trace_joint, dims(sizes, rank, "sizes")?)?;
        store(out, base)
    })
}

/// The write-back into an input that is a leaf ([`Tensor::leaf_copy_`]):
/// `dst.detach().copy_(src)` when `dst` requires grad, else `dst.copy_(src)`.
///
/// # Safety
/// `dst` must be null or a live handle from this ABI.
/// `src` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_leaf_copy_(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    status("wrt_leaf_copy_", || {
        let dst = tensor(dst, "dst")?;
        dst.check_plain("copy_ into a leaf")?;
        Ok(dst.leaf_copy_(&*tensor(src, "src")?)?)
    })
}

/// `dst.detach().copy_(src)`.
///
/// # Safety
/// `dst` must be null or a live handle from this ABI.
/// `src` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_detach_copy_(dst: *const wrt_tensor, src: *const wrt_tensor) -> i32 {
    status("wrt_detach_copy_", || {
        let dst = tensor(dst, "dst")?;
        dst.check_plain("detach().copy_")?;
        Ok(dst.detach().copy_(&*tensor(src, "src")?)?)
    })
}

/// `gen_alias_from_base`'s requires_grad patch, decided by the base.
///
/// # Safety
/// `view` must be null or a live handle from this ABI.
/// `base` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_patch_requires_grad(
    view: *const wrt_tensor,
    base: *const wrt_tensor,
    target: bool,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_patch_requires_grad", || {
        let (view, base) = (tensor(view, "view")?, tensor(base, "base")?);
        let patched = if base.requires_grad() && !target {
            view.detach()
        } else {
            if !base.requires_grad() && target {
                view.set_requires_grad(true)?;
            }
            view.clone()
        };
        store(out, patched)
    })
}

/// Fails unless every element is finite (Inductor's NaN/Inf guard).
///
/// # Safety
/// `t` must be null or a live handle from this ABI; `name` null or a
/// NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wrt_assert_finite(t: *const wrt_tensor, name: *const c_char) -> i32 {
    let label = if name.is_null() {
        "tensor".to_string()
    } else {
        // SAFETY: the caller passes a NUL-terminated string.
        unsafe { CStr::from_ptr(name) }.to_string_lossy().into_owned()
    };
    status("wrt_assert_finite", || {
        if tensor(t, "tensor")?.to_f64_vec()?.iter().all(|v| v.is_finite()) {
            Ok(())
        } else {
            Err(Failure(WRT_ERR_ARG, format!("'{label}' holds NaN or Inf")))
        }
    })
}

/// Fails unless the tensor has exactly these sizes and strides.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `sizes` must be null or readable for as many elements as the call says.
/// `strides` must be null or readable for as many elements as the call says.
#[no_mangle]
pub unsafe extern "C" fn wrt_assert_size_stride(
    t: *const wrt_tensor,
    rank: usize,
    sizes: *const i64,
    strides: *const i64,
) -> i32 {
    status("wrt_assert_size_stride", || {
        let t = tensor(t, "tensor")?;
        let (sizes, strides) = (dims(sizes, rank, "sizes")?, dims(strides, rank, "strides")?);
        if t.sizes() == sizes && t.strides() == strides {
            Ok(())
        } else {
            Err(Failure(
                WRT_ERR_SHAPE,
                format!("expected sizes {sizes:?} strides {strides:?}, got {:?} {:?}", t.sizes(), t.strides()),
            ))
        }
    })
}

/// Validates argument `index` of `entry` against its static type: not null,
/// this dtype and device, this rank, and each static size (`-1`: dynamic).
///
/// # Safety
/// `t` must be null or a live handle from this ABI; `entry` null or a
/// NUL-terminated string; `sizes` null or readable for `rank` elements.
#[no_mangle]
pub unsafe extern "C" fn wrt_check_argument(
    t: *const wrt_tensor,
    entry: *const c_char,
    index: i64,
    dtype_code: i32,
    device_kind: i32,
    rank: usize,
    sizes: *const i64,
) -> i32 {
    // The common case, checked without allocating: a valid argument.
    if let (Ok(t), Some(want), Ok(expected)) =
        (tensor(t, "tensor"), DType::from_code(dtype_code), dims(sizes, rank, "sizes"))
    {
        if t.has_signature(want, device_kind == 1, expected) {
            return WRT_OK;
        }
    }
    let entry = if entry.is_null() {
        "wrapper".to_string()
    } else {
        // SAFETY: compiled code passes a NUL-terminated symbol name.
        unsafe { CStr::from_ptr(entry) }.to_string_lossy().into_owned()
    };
    status(&format!("{entry}: argument #{index}"), || {
        // What the check compares, from a lent header or a runtime tensor.
        // SAFETY: null or a live handle (the caller's contract).
        let (have_dtype, on_cuda, have_sizes) = match unsafe { crate::borrowed::of(t) } {
            Some(lent) => {
                let dtype = lent.dtype().ok_or_else(|| Failure(WRT_ERR_DTYPE, "an unknown dtype code".into()))?;
                let device = lent.device().ok_or_else(|| Failure(WRT_ERR_DEVICE, "an unknown device kind".into()))?;
                let sizes =
                    lent.sizes().ok_or_else(|| Failure(WRT_ERR_UNSUPPORTED, "a rank past the header's".into()))?;
                (dtype, matches!(device, Device::Cuda(_)), sizes.to_vec())
            }
            None => {
                let t = tensor(t, "the tensor")?;
                if let Some(parts) = t.subclass_parts() {
                    return Err(Failure(WRT_ERR_ARG, format!("expected a plain tensor, got a {}", parts.type_name())));
                }
                (t.dtype(), matches!(t.device(), Device::Cuda(_)), t.sizes())
            }
        };
        let want = dtype(dtype_code)?;
        if have_dtype != want {
            return Err(Failure(WRT_ERR_DTYPE, format!("expected {}, got {}", want.name(), have_dtype.name())));
        }
        if on_cuda != (device_kind == 1) {
            return Err(Failure(
                WRT_ERR_DEVICE,
                format!("expected a {} tensor", if device_kind == 1 { "cuda" } else { "host" }),
            ));
        }
        let expected = dims(sizes, rank, "sizes")?;
        let fits =
            have_sizes.len() == expected.len() && have_sizes.iter().zip(expected).all(|(h, &w)| w < 0 || *h == w);
        if fits {
            return Ok(());
        }
        Err(Failure(WRT_ERR_SHAPE, format!("expected sizes {expected:?} (-1: any), got {have_sizes:?}")))
    })
}

/// A symbolic int crossing the ABI travels as a 0-d i64 tensor.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or writable for as many elements as the call says.
#[no_mangle]
pub unsafe extern "C" fn wrt_scalar_i64(t: *const wrt_tensor, out: *mut i64) -> i32 {
    status("wrt_scalar_i64", || {
        let t = tensor(t, "symbolic int")?;
        let values = t.to_f64_vec()?;
        if !t.sizes().is_empty() || values.len() != 1 {
            return Err(Failure(WRT_ERR_SHAPE, format!("a symbolic int is a 0-d tensor, got sizes {:?}", t.sizes())));
        }
        if out.is_null() {
            return Err(Failure(WRT_ERR_NULL, "out is null".into()));
        }
        // SAFETY: checked non-null.
        unsafe { *out = values[0] as i64 };
        Ok(())
    })
}

/// # Safety
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_scalar_from_i64(value: i64, out: *mut *mut wrt_tensor) -> i32 {
    status("wrt_scalar_from_i64", || store(out, Tensor::from_f64s(&[], DType::I64, &[value as f64])?))
}

/// The same tensor's data in new storage on another device (kind 0: host,
/// 1: CUDA), e.g. to upload inputs or to read results.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_to_device(
    t: *const wrt_tensor,
    device_kind: i32,
    device_index: i32,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_to_device", || store(out, tensor(t, "tensor")?.to_device(device(device_kind, device_index)?)?))
}

/// Address of the element at the storage offset (for host kernels).
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_data_ptr(t: *const wrt_tensor) -> *mut u8 {
    tensor(t, "tensor").map(|t| t.data_ptr()).unwrap_or(std::ptr::null_mut())
}

//===----------------------------------------------------------------------===//
// For Rust hosts: handles from and to tensors, and the symbol table a JIT
// resolves compiled code against.
//===----------------------------------------------------------------------===//

/// A new owning handle to `tensor` (release it, or take it back with
/// [`take_handle`]).
pub fn into_handle(tensor: Tensor) -> *mut wrt_tensor {
    tensor.into_raw() as *mut wrt_tensor
}

/// Takes back ownership of a handle made by this ABI.
///
/// # Safety
/// `handle` must be a live, owning handle from this ABI, not used again.
pub unsafe fn take_handle(handle: *mut wrt_tensor) -> Option<Tensor> {
    // SAFETY: the caller's contract.
    (!handle.is_null()).then(|| unsafe { Tensor::from_raw(handle) })
}

/// Every function of the C ABI by name, for JITs that resolve compiled
/// wrappers against the runtime linked into the host process: each C
/// entry point the runtime defines (`build.rs` lists them).
pub fn symbols() -> Vec<(&'static str, *mut ())> {
    include!(concat!(env!("OUT_DIR"), "/symbols.rs"))
}
