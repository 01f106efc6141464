//! Refcounted buffers: zero-initialised, 64-byte aligned host memory, or
//! uninitialized device memory (as `torch.empty` on CUDA) from a caching
//! allocator in front of the GPU's stream-ordered pool.

use std::alloc::{alloc_zeroed, dealloc, Layout};
use std::sync::Arc;

use crate::cuda::{blocks, gpus, Driver};
use crate::{DType, Device, Result, RuntimeError};

/// The memory tensors view. Identity matters (it tells which tensors alias),
/// so storages are only ever shared through `Arc`.
#[derive(Debug)]
pub struct Storage {
    data: *mut u8,
    nbytes: usize,
    device: Device,
    /// The driver that owns `data`, for device storages.
    gpu: Option<GpuMemory>,
    /// Memory an embedding framework owns (see [`crate::external`]):
    /// released through its owner, never freed here.
    external: Option<crate::embedder::Owner>,
}

/// The driver of a device storage.
struct GpuMemory(&'static Arc<dyn Driver>);

impl std::fmt::Debug for GpuMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GpuMemory")
    }
}

/// A driver failure as a runtime error (the driver's name for it included).
pub(crate) fn device_error(error: crate::cuda::CudaError) -> RuntimeError {
    RuntimeError::Device(error.to_string())
}

// SAFETY: the buffer is owned by the Storage and freed once; concurrent
// element access follows PyTorch's rules (the caller synchronizes).
unsafe impl Send for Storage {}
unsafe impl Sync for Storage {}

const ALIGNMENT: usize = 64;

impl Storage {
    pub fn new(nbytes: usize, device: Device) -> Result<Arc<Storage>> {
        // Tensors this thread made and others released wait for it to merge
        // their counts (see `crate::biased`): memory they hold is wanted now.
        crate::biased::collect();
        if let Device::Cuda(index) = device {
            let gpu = gpus::gpu(index).map_err(device_error)?;
            let data = match blocks::take(index, nbytes) {
                Some(block) => block,
                None => gpu
                    .alloc(nbytes)
                    .map_err(|e| RuntimeError::Alloc(format!("{nbytes} bytes on cuda:{index}: {e}")))?,
            };
            return Ok(Arc::new(Storage {
                data: data as *mut u8,
                nbytes,
                device,
                gpu: Some(GpuMemory(gpu)),
                external: None,
            }));
        }
        let layout = Layout::from_size_align(nbytes.max(1), ALIGNMENT)
            .map_err(|e| RuntimeError::Alloc(format!("{nbytes} bytes: {e}")))?;
        // SAFETY: the layout has a non-zero size.
        let data = unsafe { alloc_zeroed(layout) };
        if data.is_null() {
            return Err(RuntimeError::Alloc(format!("{nbytes} bytes")));
        }
        Ok(Arc::new(Storage { data, nbytes, device, gpu: None, external: None }))
    }

    /// No memory, on `device`: the storage of a tensor-subclass instance,
    /// whose data lives in its attributes.
    pub(crate) fn placeholder(device: Device) -> Storage {
        Storage { data: std::ptr::null_mut(), nbytes: 0, device, gpu: None, external: None }
    }

    /// `nbytes` at `data` on `device`, owned by an embedding framework;
    /// `owner` is released when the last view of the storage goes.
    pub(crate) fn external(
        data: *mut u8,
        nbytes: usize,
        device: Device,
        owner: crate::embedder::Owner,
    ) -> Arc<Storage> {
        Arc::new(Storage { data, nbytes, device, gpu: None, external: Some(owner) })
    }

    /// The embedder's owner handle, when it gave one.
    pub(crate) fn external_owner(&self) -> Option<*mut std::ffi::c_void> {
        self.external.as_ref().map(|o| o.handle()).filter(|h| !h.is_null())
    }

    /// Whether an embedding framework owns the memory.
    pub fn is_external(&self) -> bool {
        self.external.is_some()
    }

    /// The driver of a device storage.
    pub(crate) fn gpu(&self) -> Option<&Arc<dyn Driver>> {
        self.gpu.as_ref().map(|g| g.0)
    }

    /// The same bytes in a new storage on `device`.
    pub(crate) fn transfer(&self, device: Device) -> Result<Arc<Storage>> {
        if self.device != Device::Host && self.gpu.is_none() {
            return Err(RuntimeError::Device(format!(
                "{:?} memory owned by the embedding framework cannot be transferred by the runtime",
                self.device
            )));
        }
        let target = Storage::new(self.nbytes, device)?;
        if self.gpu.is_some() || target.gpu.is_some() {
            crate::cuda::graph::flush().map_err(device_error)?;
        }
        let result = match (self.gpu(), target.gpu()) {
            (None, None) => {
                // SAFETY: two live host buffers of `nbytes`.
                unsafe { std::ptr::copy_nonoverlapping(self.data, target.data, self.nbytes) };
                Ok(())
            }
            (None, Some(gpu)) => {
                // SAFETY: a live host buffer of `nbytes`.
                gpu.copy_htod(target.data as u64, unsafe { std::slice::from_raw_parts(self.data, self.nbytes) })
            }
            (Some(gpu), None) => {
                // SAFETY: a live host buffer of `nbytes`, not yet shared.
                gpu.copy_dtoh(unsafe { std::slice::from_raw_parts_mut(target.data, self.nbytes) }, self.data as u64)
            }
            (Some(_), Some(_)) => {
                let staged = self.transfer(Device::Host)?;
                return staged.transfer(device);
            }
        };
        result.map_err(device_error)?;
        Ok(target)
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
                DType::U8 => f64::from(ptr.read()),
                DType::I16 => f64::from(ptr.cast::<i16>().read_unaligned()),
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
                DType::I8 => ptr.cast::<i8>().write_unaligned(value as i64 as i8),
                DType::U8 => ptr.write(value as i64 as u8),
                DType::I16 => ptr.cast::<i16>().write_unaligned(value as i64 as i16),
                DType::I32 => ptr.cast::<i32>().write_unaligned(value as i64 as i32),
                DType::I64 => ptr.cast::<i64>().write_unaligned(value as i64),
                DType::Bool => ptr.write(u8::from(value != 0.0)),
            }
        }
        Ok(())
    }

    fn element(&self, dtype: DType, index: usize) -> Result<*mut u8> {
        if self.device != Device::Host {
            return Err(RuntimeError::Device(format!("element access to {:?} memory from the host", self.device)));
        }
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
        if self.external.is_some() || self.data.is_null() {
            // The owner's own Drop hands the memory back to its framework.
            return;
        }
        if self.gpu.is_some() {
            if let Device::Cuda(index) = self.device {
                blocks::release(index, self.nbytes, self.data as u64);
            }
            return;
        }
        let layout = Layout::from_size_align(self.nbytes.max(1), ALIGNMENT).expect("checked at allocation");
        // SAFETY: allocated in `new` with this layout, freed once.
        unsafe { dealloc(self.data, layout) }
    }
}
