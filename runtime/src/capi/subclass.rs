//! Tensor-subclass instances across the C ABI: a subclass instance is a
//! `wrt_tensor` (see `tensor/subclass.rs`), made from its attributes and
//! taken apart by compiled `wrap.subclass.wrap` / `wrap.subclass.unwrap`,
//! and by hosts that build arguments or read results.

use std::ffi::{c_char, CStr};

use super::{dims, dtype, slice, status, store, tensor, Failure};
use crate::ffi::{wrt_tensor, WRT_ERR_ARG, WRT_ERR_DTYPE, WRT_ERR_NULL};
use crate::Tensor;

const WRT_SUBCLASS_ATTR: i32 = wrapc_abi::SUBCLASS_ATTR_DTYPE;

fn text<'a>(ptr: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if ptr.is_null() {
        return Err(Failure(WRT_ERR_NULL, format!("{what} is null")));
    }
    // SAFETY: non-null, NUL-terminated (the caller's contract).
    unsafe { CStr::from_ptr(ptr) }.to_str().map_err(|_| Failure(WRT_ERR_ARG, format!("{what} is not UTF-8")))
}

/// A new instance of subclass `type_name` (outer `dtype` and sizes) holding
/// `n_attrs` attributes named `names`, each a new reference to `attrs[i]`.
///
/// # Safety
/// `type_name` must be null or a NUL-terminated string.
/// `outer_sizes` must be null or readable for `rank` elements.
/// `names` must be null or readable for `n_attrs` pointers, each null or a
/// NUL-terminated string.
/// `attrs` must be null or readable for `n_attrs` handles, each null or
/// live.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn wrt_subclass_new(
    type_name: *const c_char,
    dtype_code: i32,
    rank: usize,
    outer_sizes: *const i64,
    n_attrs: usize,
    names: *const *const c_char,
    attrs: *const *const wrt_tensor,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_subclass_new", || {
        let type_name = text(type_name, "type name")?;
        let outer_sizes = dims(outer_sizes, rank, "outer sizes")?;
        let names = slice(names, n_attrs, "attribute names")?;
        let handles = slice(attrs, n_attrs, "attributes")?;
        let attrs = names
            .iter()
            .zip(handles)
            .enumerate()
            .map(|(i, (&name, &handle))| {
                let name = text(name, &format!("attribute name #{i}"))?;
                Ok((name.to_string(), Tensor::clone(&*tensor(handle, &format!("attribute '{name}'"))?)))
            })
            .collect::<Result<Vec<_>, Failure>>()?;
        store(out, Tensor::subclass(type_name, dtype(dtype_code)?, outer_sizes, attrs)?)
    })
}

/// A new reference to attribute `index` of `t`, which must be an instance
/// of `type_name`. The attribute must be a subclass instance when `dtype`
/// is `WRT_SUBCLASS_ATTR`, else a plain tensor with that dtype, device
/// kind, rank and sizes (-1: any), as `wrt_check_argument` checks a wrapper
/// argument: an unwrapped leaf reaches compiled code checked.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `type_name` must be null or a NUL-terminated string.
/// `sizes` must be null or readable for `rank` elements.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn wrt_subclass_attr(
    t: *const wrt_tensor,
    type_name: *const c_char,
    index: usize,
    dtype_code: i32,
    device_kind: i32,
    rank: usize,
    sizes: *const i64,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_subclass_attr", || {
        let type_name = text(type_name, "type name")?;
        let owner = tensor(t, "subclass instance")?;
        let attr = owner.subclass_attr(type_name, index)?;
        let name = &owner.subclass_parts().expect("checked by subclass_attr").attrs()[index].0;
        if dtype_code == WRT_SUBCLASS_ATTR {
            if !attr.is_subclass() {
                return Err(Failure(
                    WRT_ERR_ARG,
                    format!("{type_name} attribute '{name}': expected a subclass instance"),
                ));
            }
        } else if !attr.has_signature(dtype(dtype_code)?, device_kind == 1, dims(sizes, rank, "sizes")?) {
            return Err(Failure(
                WRT_ERR_DTYPE,
                format!(
                    "{type_name} attribute '{name}': expected a plain {} tensor of sizes {:?} (-1: any) on {}, got {}",
                    dtype(dtype_code)?.name(),
                    dims(sizes, rank, "sizes")?,
                    if device_kind == 1 { "cuda" } else { "the host" },
                    describe(attr)
                ),
            ));
        }
        store(out, attr.clone())
    })
}

fn describe(t: &Tensor) -> String {
    match t.subclass_parts() {
        Some(parts) => format!("a {}", parts.type_name()),
        None => format!("a {} tensor of sizes {:?} on {:?}", t.dtype().name(), t.sizes(), t.device()),
    }
}

/// Fails (`WRT_ERR_ARG`) unless `t` is an instance of `type_name`; the
/// message starts with `context` (say, the entry point and argument).
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `type_name` must be null or a NUL-terminated string.
/// `context` must be null or a NUL-terminated string.
#[no_mangle]
pub unsafe extern "C" fn wrt_subclass_check_type(
    t: *const wrt_tensor,
    type_name: *const c_char,
    context: *const c_char,
) -> i32 {
    let context = text(context, "context").unwrap_or("wrt_subclass_check_type");
    status(context, || {
        tensor(t, "the subclass instance")?.check_subclass_type(text(type_name, "type name")?)?;
        Ok(())
    })
}

/// The number of attributes of a subclass instance; -1 for a plain tensor
/// or null.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_subclass_num_attrs(t: *const wrt_tensor) -> i64 {
    match tensor(t, "tensor") {
        Ok(t) => t.subclass_parts().map_or(-1, |parts| parts.attrs().len() as i64),
        Err(_) => -1,
    }
}
