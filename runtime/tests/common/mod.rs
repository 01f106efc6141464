//! What the CUDA tests on a fake device share: one `add_one` kernel as a
//! compiled module holds it (descriptor and slot).

use std::ffi::CString;

use wrapc_runtime::cuda::slot::{wrt_cuda_config, wrt_cuda_kernel, wrt_cuda_slot};

/// A compiled wrapper's view of one kernel: descriptor, slot, arguments.
pub struct Launch {
    pub kernel: wrt_cuda_kernel,
    pub slot: Box<wrt_cuda_slot>,
    pub _keep: (CString, Vec<wrt_cuda_config>, Vec<u8>),
}

// SAFETY: the descriptor and slot are what compiled code shares between
// threads; the slot's protocol (atomic publish) is what is under test.
unsafe impl Sync for Launch {}

/// The `add_one` kernel with one config per (block, warps) pair; `tag`
/// makes its image distinct, so that load counts stay a test's own.
pub fn launch_site(tag: &str, configs: &[(i64, i32)]) -> Launch {
    let entry = CString::new("add_one").unwrap();
    let configs: Vec<wrt_cuda_config> = configs
        .iter()
        .map(|&(block, warps)| wrt_cuda_config {
            block: [block, 1, 1],
            num_warps: warps,
            shared_bytes: 0,
            name: std::ptr::null(),
        })
        .collect();
    let image = format!(".version 8.0\n// {tag}\n").into_bytes();
    let kernel = wrt_cuda_kernel {
        image: image.as_ptr(),
        image_size: image.len() as u64,
        entry: entry.as_ptr(),
        configs: configs.as_ptr(),
        num_configs: configs.len() as i64,
    };
    // SAFETY: all-zero is the compiled slot's initial state.
    let slot = Box::new(unsafe { std::mem::zeroed::<wrt_cuda_slot>() });
    Launch { kernel, slot, _keep: (entry, configs, image) }
}
