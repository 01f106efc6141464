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

use crate::embedder::{self, Owner};
pub use crate::embedder::{wrt_external_backend, AllocFn, CallFn};
use crate::ffi::{device, dtype, set_last_error, slice, status, store, tensor, wrt_tensor, Failure};
use crate::ffi::{WRT_ERR_ARG, WRT_ERR_NULL, WRT_ERR_UNSUPPORTED};
use crate::Tensor;

// ---- The C ABI of the embedder backend ----

/// Calls the embedder's operator `op` (`wrap.extern_call`): `cells` holds
/// one 8-byte cell per operand (a tensor handle, or an `int64_t`), and
/// `spec` says which is which and where each goes in the operator's
/// schema; the operator's new tensors come back in `results` (owned).
///
/// # Safety
/// `op` and `spec` must be NUL-terminated strings; `cells` readable for
/// `n_cells` cells; `results` writable for `n_results` handles.
#[no_mangle]
pub unsafe extern "C" fn wrt_extern_call(
    op: *const std::ffi::c_char,
    spec: *const std::ffi::c_char,
    cells: *const *mut c_void,
    n_cells: usize,
    results: *mut *mut wrt_tensor,
    n_results: usize,
) -> i32 {
    if op.is_null() || spec.is_null() || (n_cells > 0 && cells.is_null()) || (n_results > 0 && results.is_null()) {
        set_last_error("wrt_extern_call: null argument");
        return WRT_ERR_NULL;
    }
    match embedder::call_hook() {
        // SAFETY: forwarded as the caller gave them (the same contract).
        Some(call) => unsafe { call(op, spec, cells, n_cells, results.cast(), n_results) },
        None => {
            // SAFETY: checked non-null, NUL-terminated by the contract.
            let name = unsafe { std::ffi::CStr::from_ptr(op) }.to_string_lossy();
            set_last_error(&format!(
                "wrt_extern_call: no embedding framework is installed to call '{name}' (wrt_set_external_backend)"
            ));
            WRT_ERR_UNSUPPORTED
        }
    }
}

/// The embedder's owner handle of `t`'s storage (the `owner` its
/// allocator or `wrt_from_external` gave), or null: memory the embedder
/// does not own, an embedder tensor mirrored without an owner, or a null
/// handle.
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_external_owner(t: *const wrt_tensor) -> *mut c_void {
    match tensor(t, "t") {
        Ok(t) => t.storage().external_owner().unwrap_or(std::ptr::null_mut()),
        Err(_) => std::ptr::null_mut(),
    }
}

/// An embedder's tensor, as `wrt_from_external` mirrors it.
#[repr(C)]
pub struct wrt_external_tensor {
    pub data: *mut std::ffi::c_void,
    pub nbytes: u64,
    pub dtype: i32,
    pub device_kind: i32,
    pub device_index: i32,
    pub rank: u64,
    pub sizes: *const i64,
    pub strides: *const i64,
    pub storage_offset: i64,
    pub requires_grad: bool,
    pub is_leaf: bool,
    pub version: u64,
    pub owner: *mut std::ffi::c_void,
    pub release: Option<unsafe extern "C" fn(*mut std::ffi::c_void)>,
}

/// Mirrors an embedder's tensor (see `runtime/src/external.rs`).
///
/// # Safety
/// `desc` must point at a readable descriptor whose `sizes`/`strides` hold
/// `rank` values and whose `data` spans `nbytes` on the named device;
/// `share`, if not null, is a live handle; `out` a writable slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_from_external(
    desc: *const wrt_external_tensor,
    share: *const wrt_tensor,
    share_version: bool,
    out: *mut *mut wrt_tensor,
) -> i32 {
    status("wrt_from_external", || {
        if desc.is_null() {
            return Err(Failure(WRT_ERR_NULL, "descriptor is null".into()));
        }
        // SAFETY: checked non-null; readable by the caller's contract.
        let d = unsafe { &*desc };
        let rank = usize::try_from(d.rank)
            .ok()
            .filter(|&r| r <= crate::MAX_RANK)
            .ok_or_else(|| Failure(WRT_ERR_UNSUPPORTED, format!("rank {} (at most {})", d.rank, crate::MAX_RANK)))?;
        let sizes = slice(d.sizes, rank, "sizes")?;
        let strides = slice(d.strides, rank, "strides")?;
        let dtype = dtype(d.dtype)?;
        let dev = device(d.device_kind, d.device_index)?;
        let (storage, base) = if share.is_null() {
            if d.data.is_null() && d.nbytes > 0 {
                return Err(Failure(WRT_ERR_NULL, "data is null".into()));
            }
            let nbytes = usize::try_from(d.nbytes).map_err(|_| Failure(WRT_ERR_ARG, format!("{} bytes", d.nbytes)))?;
            let owner = crate::external::Owner::new(d.owner, d.release);
            (Some(crate::Storage::external(d.data as *mut u8, nbytes, dev, owner)), None)
        } else {
            if !d.owner.is_null() {
                return Err(Failure(
                    WRT_ERR_ARG,
                    "an owner is only taken with new memory, not with a shared storage".into(),
                ));
            }
            (None, Some(tensor(share, "share")?))
        };
        let mirror = Tensor::from_external(
            storage,
            base.as_deref(),
            share_version,
            sizes,
            strides,
            d.storage_offset,
            dtype,
            d.requires_grad,
            d.is_leaf,
            d.version,
        )?;
        store(out, mirror)
    })
}

/// Records that the mirror `t` is a view of the mirror `base` (the
/// embedder's `t._base`), which `wrt_synthetic_base` looks at.
///
/// # Safety
/// `t` and `base` must be null or live handles from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_set_view_base(t: *const wrt_tensor, base: *const wrt_tensor) -> i32 {
    status("wrt_set_view_base", || Ok(tensor(t, "view")?.set_view_base(&*tensor(base, "base")?)?))
}

/// The runtime's `t._base`: a new reference in `*out`, or null there when
/// `t` is not a view. An embedder maps a view the wrapper made back to its
/// own base tensor with it (PyTorch's `gen_alias_from_base` views exactly
/// that tensor, and autograd records the view against it).
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
/// `out` must be null or point to a writable handle slot.
#[no_mangle]
pub unsafe extern "C" fn wrt_view_base(t: *const wrt_tensor, out: *mut *mut wrt_tensor) -> i32 {
    status("wrt_view_base", || {
        let base = tensor(t, "view")?.view_base();
        match base {
            Some(base) => store(out, base),
            None if out.is_null() => Err(Failure(WRT_ERR_NULL, "output pointer is null".into())),
            None => {
                // SAFETY: `out` is a writable pointer slot (checked non-null).
                unsafe { *out = std::ptr::null_mut() };
                Ok(())
            }
        }
    })
}

/// Installs the embedder's backend for this runtime.
///
/// # Safety
/// `backend` must stay valid for the rest of the process (or be null to
/// uninstall).
#[no_mangle]
pub unsafe extern "C" fn wrt_set_external_backend(backend: *const embedder::wrt_external_backend) {
    embedder::install(backend);
}

/// Whether the tensor's memory belongs to the embedder (-1: null handle).
///
/// # Safety
/// `t` must be null or a live handle from this ABI.
#[no_mangle]
pub unsafe extern "C" fn wrt_tensor_is_external(t: *const wrt_tensor) -> i64 {
    match tensor(t, "tensor") {
        Ok(t) => i64::from(t.is_external()),
        Err(Failure(_, message)) => {
            set_last_error(&format!("wrt_tensor_is_external: {message}"));
            -1
        }
    }
}
