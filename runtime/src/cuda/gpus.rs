//! The process's GPUs: one driver (context, stream, memory pool) per device
//! ordinal, loaded on first use. A process without CUDA gets a named error
//! the first time it touches a CUDA tensor and keeps running on the host.

use std::sync::{Arc, OnceLock};

use super::driver::CudaDriver;
use super::{CudaError, Driver, Result};

/// Device ordinals the runtime serves (compiled wrappers keep one launch
/// slot entry per ordinal).
pub const MAX_DEVICES: usize = wrapc_abi::MAX_DEVICES;

type Slot = OnceLock<std::result::Result<Arc<dyn Driver>, CudaError>>;

static GPUS: [Slot; MAX_DEVICES] = [const { OnceLock::new() }; MAX_DEVICES];

fn slot(device: i32) -> Result<&'static Slot> {
    usize::try_from(device)
        .ok()
        .and_then(|d| GPUS.get(d))
        .ok_or_else(|| CudaError { call: "wrapc device", name: format!("cuda:{device} is outside 0..{MAX_DEVICES}") })
}

/// The driver of `cuda:<device>`, borrowed from its process-wide slot: the
/// launch path and every device storage take it without touching its count.
pub fn gpu(device: i32) -> Result<&'static Arc<dyn Driver>> {
    slot(device)?
        .get_or_init(|| CudaDriver::load_device(device).map(|d| Arc::new(d) as Arc<dyn Driver>))
        .as_ref()
        .map_err(Clone::clone)
}

/// Serves `cuda:<device>` with `driver` (a fake one in tests). Returns false
/// when the device was already in use.
pub fn install(device: i32, driver: Arc<dyn Driver>) -> bool {
    slot(device).map(|s| s.set(Ok(driver)).is_ok()).unwrap_or(false)
}
