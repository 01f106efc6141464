//! Refcounted, 64-byte aligned, zero-initialised buffers.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::sync::Arc;

use crate::{DType, Device, Result, RuntimeError};

/// The memory tensors view. Identity matters (it tells which tensors alias),
/// so storages are only ever shared through `Arc`.
#[derive(Debug)]
pub struct Storage {
    data: *mut u8,
    nbytes: usize,
    device: Device,
}

// SAFETY: the buffer is owned by the Storage and freed once; concurrent
// element access follows PyTorch's rules (the caller synchronizes).
unsafe impl Send for Storage {}
unsafe impl Sync for Storage {}

const ALIGNMENT: usize = 64;

impl Storage {
    pub fn new(nbytes: usize, device: Device) -> Result<Arc<Storage>> {
        if let Device::Cuda(_) = device {
            return Err(RuntimeError::Unsupported("cuda backend not available in this runtime build".into()));
        }
        let layout = Layout::from_size_align(nbytes.max(1), ALIGNMENT)
            .map_err(|e| RuntimeError::Alloc(format!("{nbytes} bytes: {e}")))?;
        // SAFETY: the layout has a non-zero size.
        let data = unsafe { alloc_zeroed(layout) };
        if data.is_null() {
            return Err(RuntimeError::Alloc(format!("{nbytes} bytes")));
        }
        Ok(Arc::new(Storage { data, nbytes, device }))
    }

    pub fn nbytes(&self) -> usize {
        self.nbytes
    }

    pub fn device(&self) -> Device {
        self.device
    }

    pub fn data_ptr(&self) -> *mut u8 {
        self.data
    }

    /// Reads element `index` (in units of `dtype`) as f64.
    pub(crate) fn read(&self, dtype: DType, index: usize) -> Result<f64> {
        let ptr = self.element(dtype, index)?;
        // SAFETY: `element` checked the bounds; reads are unaligned-safe.
        Ok(unsafe {
            match dtype {
                DType::F16 => half::f16::from_bits(ptr.cast::<u16>().read_unaligned()).to_f64(),
                DType::BF16 => half::bf16::from_bits(ptr.cast::<u16>().read_unaligned()).to_f64(),
                DType::F32 => ptr.cast::<f32>().read_unaligned() as f64,
                DType::F64 => ptr.cast::<f64>().read_unaligned(),
                DType::I8 => ptr.cast::<i8>().read_unaligned() as f64,
                DType::I32 => ptr.cast::<i32>().read_unaligned() as f64,
                DType::I64 => ptr.cast::<i64>().read_unaligned() as f64,
                DType::Bool => f64::from(u8::from(ptr.read() != 0)),
            }
        })
    }

    /// Writes `value` converted to `dtype` at element `index`.
    pub(crate) fn write(&self, dtype: DType, index: usize, value: f64) -> Result<()> {
        let ptr = self.element(dtype, index)?;
        // SAFETY: `element` checked the bounds.
        unsafe {
            match dtype {
                DType::F16 => ptr.cast::<u16>().write_unaligned(half::f16::from_f64(value).to_bits()),
                DType::BF16 => ptr.cast::<u16>().write_unaligned(half::bf16::from_f64(value).to_bits()),
                DType::F32 => ptr.cast::<f32>().write_unaligned(value as f32),
                DType::F64 => ptr.cast::<f64>().write_unaligned(value),
                DType::I8 => ptr.cast::<i8>().write_unaligned(value as i8),
                DType::I32 => ptr.cast::<i32>().write_unaligned(value as i32),
                DType::I64 => ptr.cast::<i64>().write_unaligned(value as i64),
                DType::Bool => ptr.write(u8::from(value != 0.0)),
            }
        }
        Ok(())
    }

    fn element(&self, dtype: DType, index: usize) -> Result<*mut u8> {
        let size = dtype.element_size();
        let end = index.checked_mul(size).and_then(|b| b.checked_add(size));
        match end {
            Some(end) if end <= self.nbytes => Ok(self.data.wrapping_add(index * size)),
            _ => Err(RuntimeError::Bounds(format!(
                "element {index} of {} is outside a {}-byte storage",
                dtype.name(),
                self.nbytes
            ))),
        }
    }
}

impl Drop for Storage {
    fn drop(&mut self) {
        let layout = Layout::from_size_align(self.nbytes.max(1), ALIGNMENT).expect("checked at allocation");
        // SAFETY: allocated in `new` with this layout, freed once.
        unsafe { dealloc(self.data, layout) }
    }
}
