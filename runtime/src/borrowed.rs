//! Borrowed arguments: an embedder's tensor lent to one call of a compiled
//! entry point as a header the embedder fills itself, with no runtime
//! object behind it (`wrt_borrowed_tensor` in `wrapc_runtime.h`).
//!
//! Mirroring a framework tensor as a runtime object per argument per call
//! (an allocation, a storage object, a reference count, and reading its
//! state back afterwards) was most of a native call's cost for arguments
//! the compiled code only reads or bumps. For those, which
//! `convert-wrap-to-llvm` lists in the library (`<entry>_borrowed`),
//! compiled code needs nothing but the header (a bump goes to the header's
//! own cell, which the embedder applies afterwards). The runtime's
//! functions take runtime tensors: given a borrowed header they refuse it
//! with an error instead of reading past it, except where reading the
//! header is all they do (the argument check, a kernel's memory spans) and
//! `wrt_as_strided`, which makes a lent view ([`view`]).

use std::ffi::c_void;

use crate::tensor::object::wrt_tensor;
use crate::tensor::{geometry, header};
use crate::{DType, Device, RuntimeError, MAX_RANK};

/// `wrt_tensor_header` as plain data: what an embedder fills.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
#[allow(non_camel_case_types)]
pub struct wrt_tensor_header {
    pub dtype: i32,
    pub device_kind: i32,
    pub rank: i64,
    pub storage_offset: i64,
    pub sizes: [i64; MAX_RANK],
    pub strides: [i64; MAX_RANK],
    pub version: *mut u64,
    pub data: *mut c_void,
    pub device_index: i32,
    pub subclass: i32,
    pub borrowed: i32,
}

/// An embedder's tensor lent to one call (see the module's doc).
#[repr(C)]
#[derive(Debug)]
#[allow(non_camel_case_types)]
pub struct wrt_borrowed_tensor {
    pub header: wrt_tensor_header,
    /// What `header.version` points at: compiled code bumps no borrowable
    /// argument's version (a bumped argument is not borrowable).
    pub version_cell: u64,
    /// The memory's extent from `header.data`, in bytes.
    pub nbytes: u64,
    /// The embedder's own tensor.
    pub embedder: *mut c_void,
}

/// `borrowed` of a header an embedder filled for the call: its own, alive
/// for the call; releasing it gives back nothing.
pub const LENT: i32 = 1;
/// `borrowed` of a view of a lent header the runtime made
/// (`wrt_as_strided` of one): owned by its handle, freed by
/// `wrt_tensor_release`.
pub const LENT_VIEW: i32 = 2;

/// The borrowed header `t` is, if it is one.
///
/// # Safety
/// `t` must be null or a live handle: a runtime tensor or a borrowed header.
#[inline(always)]
pub(crate) unsafe fn of<'a>(t: *const wrt_tensor) -> Option<&'a wrt_borrowed_tensor> {
    if t.is_null() {
        return None;
    }
    // SAFETY: both kinds of handle start with the header, whose `borrowed`
    // field is at the same offset in each.
    let flag = unsafe { *(t as *const u8).add(header::BORROWED).cast::<i32>() };
    // SAFETY: a set flag means the embedder made a `wrt_borrowed_tensor`.
    (flag != 0).then(|| unsafe { &*(t as *const wrt_borrowed_tensor) })
}

/// A view of the lent header `base` with this geometry, in bounds of its
/// memory: a header of its own ([`LENT_VIEW`]) over the same memory and
/// embedder tensor, as an extern kernel takes a transposed weight.
pub(crate) fn view(
    base: &wrt_borrowed_tensor,
    sizes: &[i64],
    strides: &[i64],
    offset: i64,
) -> Result<*mut wrt_tensor, RuntimeError> {
    if sizes.len() > MAX_RANK {
        return Err(RuntimeError::Unsupported(format!("rank {} (at most {MAX_RANK})", sizes.len())));
    }
    geometry::check_sizes(sizes, strides)?;
    if offset < 0 {
        return Err(RuntimeError::Bounds(format!("negative offset {offset}")));
    }
    let dtype = base.dtype().ok_or_else(|| RuntimeError::DType(format!("unknown dtype code {}", base.header.dtype)))?;
    let end = geometry::extent(sizes, strides, offset)?;
    let bytes = u64::try_from(end).ok().and_then(|e| e.checked_mul(dtype.element_size() as u64));
    if bytes.is_none_or(|b| b > base.nbytes) {
        return Err(RuntimeError::Bounds(format!(
            "view sizes {sizes:?} strides {strides:?} offset {offset} reach past the {} bytes of the lent tensor",
            base.nbytes
        )));
    }
    let mut header = base.header;
    header.rank = sizes.len() as i64;
    header.storage_offset = offset;
    header.sizes[..sizes.len()].copy_from_slice(sizes);
    header.strides[..strides.len()].copy_from_slice(strides);
    header.borrowed = LENT_VIEW;
    let view = Box::into_raw(Box::new(wrt_borrowed_tensor {
        header,
        version_cell: 0,
        nbytes: base.nbytes,
        embedder: base.embedder,
    }));
    // SAFETY: just made; the header's counter is the view's own cell.
    unsafe { (*view).header.version = &mut (*view).version_cell };
    Ok(view as *mut wrt_tensor)
}

/// Another reference to a lent header, as `wrt_tensor_retain` hands one
/// out (an entry point returning its lent argument, or a view of one, that
/// it also returns elsewhere): the embedder's own header again, whose
/// release gives back nothing, or a copy of a view, owned by its handle.
pub(crate) fn retain(lent: &wrt_borrowed_tensor) -> *mut wrt_tensor {
    if lent.header.borrowed != LENT_VIEW {
        return lent as *const wrt_borrowed_tensor as *mut wrt_tensor;
    }
    let copy = Box::into_raw(Box::new(wrt_borrowed_tensor {
        header: lent.header,
        version_cell: 0,
        nbytes: lent.nbytes,
        embedder: lent.embedder,
    }));
    // SAFETY: just made; the copy's counter is its own cell, as a view's.
    unsafe { (*copy).header.version = &mut (*copy).version_cell };
    copy as *mut wrt_tensor
}

/// Gives back a handle `wrt_tensor_release` got that is a lent header:
/// nothing for the embedder's, the memory of a view the runtime made.
///
/// # Safety
/// `lent` must be the live header `of` returned for a handle the caller
/// owns, not used again.
pub(crate) unsafe fn release(lent: &wrt_borrowed_tensor) {
    if lent.header.borrowed == LENT_VIEW {
        // SAFETY: made by `view` with Box, owned by the released handle.
        drop(unsafe { Box::from_raw(lent as *const wrt_borrowed_tensor as *mut wrt_borrowed_tensor) });
    }
}

impl wrt_borrowed_tensor {
    pub(crate) fn dtype(&self) -> Option<DType> {
        DType::from_code(self.header.dtype)
    }

    pub(crate) fn device(&self) -> Option<Device> {
        match self.header.device_kind {
            0 => Some(Device::Host),
            1 => Some(Device::Cuda(self.header.device_index)),
            _ => None,
        }
    }

    /// The sizes, or none for a rank past the header's.
    pub(crate) fn sizes(&self) -> Option<&[i64]> {
        let rank = usize::try_from(self.header.rank).ok().filter(|&r| r <= MAX_RANK)?;
        Some(&self.header.sizes[..rank])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_is_the_abis() {
        let abi = &wrapc_abi::TENSOR_HEADER;
        let ours = [
            std::mem::offset_of!(wrt_tensor_header, dtype),
            std::mem::offset_of!(wrt_tensor_header, device_kind),
            std::mem::offset_of!(wrt_tensor_header, rank),
            std::mem::offset_of!(wrt_tensor_header, storage_offset),
            std::mem::offset_of!(wrt_tensor_header, sizes),
            std::mem::offset_of!(wrt_tensor_header, strides),
            std::mem::offset_of!(wrt_tensor_header, version),
            std::mem::offset_of!(wrt_tensor_header, data),
            std::mem::offset_of!(wrt_tensor_header, device_index),
            std::mem::offset_of!(wrt_tensor_header, subclass),
            std::mem::offset_of!(wrt_tensor_header, borrowed),
        ];
        let theirs: Vec<usize> = abi.fields.iter().map(|(name, _)| abi.offset(name)).collect();
        assert_eq!(ours.to_vec(), theirs);
        assert_eq!(std::mem::size_of::<wrt_tensor_header>(), abi.size());
        assert_eq!(std::mem::offset_of!(wrt_borrowed_tensor, version_cell), abi.size());
    }

    #[test]
    fn a_runtime_tensor_is_not_borrowed_and_a_lent_header_is() {
        let t = crate::Tensor::from_f64s(&[2], DType::F32, &[1.0, 2.0]).unwrap();
        let handle = t.clone().into_raw() as *mut wrt_tensor;
        // SAFETY: a live handle, released below.
        assert!(unsafe { of(handle) }.is_none());
        unsafe { crate::capi::wrt_tensor_release(handle) };
        let mut lent = wrt_borrowed_tensor {
            header: wrt_tensor_header {
                dtype: DType::F32 as i32,
                device_kind: 0,
                rank: 1,
                storage_offset: 0,
                sizes: [2, 0, 0, 0, 0, 0, 0, 0],
                strides: [1, 0, 0, 0, 0, 0, 0, 0],
                version: std::ptr::null_mut(),
                data: std::ptr::null_mut(),
                device_index: 0,
                subclass: 0,
                borrowed: 1,
            },
            version_cell: 0,
            nbytes: 8,
            embedder: std::ptr::null_mut(),
        };
        lent.header.version = &mut lent.version_cell;
        let handle = &lent as *const wrt_borrowed_tensor as *const wrt_tensor;
        // SAFETY: a live borrowed header.
        let seen = unsafe { of(handle) }.expect("borrowed");
        assert_eq!(seen.sizes(), Some(&[2i64][..]));
        assert_eq!(seen.dtype(), Some(DType::F32));
        assert_eq!(seen.device(), Some(Device::Host));

        // The runtime's functions refuse it by name; the argument check
        // reads its header; retaining it (an entry point returning it)
        // hands the same header back; releasing it gives back nothing.
        let mut out = std::ptr::null_mut();
        // SAFETY (all): a live borrowed header, a writable slot, two sizes.
        let status = unsafe { crate::capi::wrt_set_requires_grad(handle, true) };
        assert_eq!(status, crate::ffi::WRT_ERR_ARG);
        assert!(crate::last_error::text().contains("lent for the call"), "{}", crate::last_error::text());
        assert_eq!(unsafe { crate::capi::wrt_tensor_retain(handle, &mut out) }, crate::ffi::WRT_OK);
        assert_eq!(out as *const wrt_tensor, handle);
        let want = [2i64];
        let check = |dtype: DType, size: i64| unsafe {
            crate::capi::wrt_check_argument(handle, std::ptr::null(), 3, dtype as i32, 0, 1, [size].as_ptr())
        };
        assert_eq!(check(DType::F32, want[0]), crate::ffi::WRT_OK);
        assert_eq!(check(DType::F64, 2), crate::ffi::WRT_ERR_DTYPE);
        assert!(crate::last_error::text().contains("expected f64, got f32"), "{}", crate::last_error::text());
        assert_eq!(check(DType::F32, 3), crate::ffi::WRT_ERR_SHAPE);
        unsafe { crate::capi::wrt_tensor_release(handle as *mut wrt_tensor) };
        assert_eq!(lent.header.borrowed, LENT);

        // A view of it is a lent header of the runtime's, over the same
        // memory, in bounds of it; released with the others.
        let mut view = std::ptr::null_mut();
        let status = unsafe { crate::capi::wrt_as_strided(handle, 1, [1i64].as_ptr(), [1i64].as_ptr(), 1, &mut view) };
        assert_eq!(status, crate::ffi::WRT_OK);
        let seen = unsafe { of(view) }.expect("a lent view");
        assert_eq!((seen.header.borrowed, seen.header.storage_offset, seen.sizes()), (LENT_VIEW, 1, Some(&[1i64][..])));
        assert_eq!((seen.nbytes, seen.embedder), (lent.nbytes, lent.embedder));
        let past = unsafe { crate::capi::wrt_as_strided(view, 1, [2i64].as_ptr(), [1i64].as_ptr(), 1, &mut out) };
        assert_eq!(past, crate::ffi::WRT_ERR_BOUNDS);
        assert!(crate::last_error::text().contains("reach past the 8 bytes"), "{}", crate::last_error::text());
        // Retaining a view (returned twice) copies it: a header of its own,
        // with its own counter cell, released apart.
        let mut copy = std::ptr::null_mut();
        assert_eq!(unsafe { crate::capi::wrt_tensor_retain(view, &mut copy) }, crate::ffi::WRT_OK);
        assert_ne!(copy, view);
        let copied = unsafe { of(copy) }.expect("a lent view");
        assert_eq!(
            (copied.header.borrowed, copied.header.storage_offset, copied.sizes()),
            (LENT_VIEW, 1, Some(&[1i64][..]))
        );
        assert_eq!(
            (copied.nbytes, copied.embedder, copied.header.data),
            (lent.nbytes, lent.embedder, lent.header.data)
        );
        assert_eq!(copied.header.version as *const u64, &copied.version_cell as *const u64);
        unsafe { crate::capi::wrt_tensor_release(view) };
        unsafe { crate::capi::wrt_tensor_release(copy) };
    }
}
