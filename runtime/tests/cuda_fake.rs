//! The CUDA backend end to end on a fake device (no GPU needed): device
//! storages, copies for the mutation epilogue, and the launch slots compiled
//! wrappers use, including first calls from many threads and launches from
//! threads that have no context current.

use std::ffi::c_void;
use std::sync::atomic::Ordering;
use std::sync::{Arc, OnceLock};

use wrapc_runtime::capi::{self, wrt_tensor};
use wrapc_runtime::cuda::fake::FakeDriver;
use wrapc_runtime::cuda::slot::{self, wrt_cuda_slot};
use wrapc_runtime::cuda::{copy, gpus, Driver, LaunchFn};
use wrapc_runtime::{DType, Device, Tensor};

mod common;
use common::{launch_site, Launch};

/// cuda:0 of this test process is a fake device.
fn device() -> &'static Arc<FakeDriver> {
    static DEVICE: OnceLock<Arc<FakeDriver>> = OnceLock::new();
    DEVICE.get_or_init(|| {
        let cache = std::env::temp_dir().join(format!("wrapc-fake-cache-{}", std::process::id()));
        // SAFETY: set once, before this process reads it (first device use).
        unsafe { std::env::set_var("WRAPC_CACHE_DIR", cache) };
        let fake = Arc::new(FakeDriver::new());
        fake.set_kernel("add_one", 2, add_one);
        assert!(gpus::install(0, fake.clone()), "cuda:0 installed once");
        fake
    })
}

/// `x[i] += 1` over `n` f32 elements (args: x, n).
fn add_one(args: &[*mut c_void], _grid: [u32; 3], _block: [u32; 3]) {
    // SAFETY: the launch passes pointers to a device address and an i64.
    let (x, n) = unsafe { (*(args[0] as *const u64) as *mut f32, *(args[1] as *const i64)) };
    for i in 0..n as usize {
        // SAFETY: fake device memory is host memory of n elements.
        unsafe { *x.add(i) += 1.0 };
    }
}

fn cuda(values: &[f64], sizes: &[i64]) -> Tensor {
    device();
    Tensor::from_f64s(sizes, DType::F32, values).unwrap().to_device(Device::Cuda(0)).unwrap()
}

#[test]
fn device_tensors_round_trip_and_view() {
    let x = cuda(&[0., 1., 2., 3., 4., 5.], &[2, 3]);
    assert_eq!(x.device(), Device::Cuda(0));
    assert!(x.has_signature(DType::F32, true, &[2, 3]));
    let t = x.as_strided(&[3, 2], &[1, 3], 0).unwrap();
    assert_eq!(t.to_f64_vec().unwrap(), vec![0., 3., 1., 4., 2., 5.]);
    assert_eq!(t.storage_id(), x.storage_id());
}

#[test]
fn contiguous_and_strided_device_copies() {
    let src = cuda(&[0., 1., 2., 3., 4., 5.], &[2, 3]);
    let dst = Tensor::empty(&[2, 3], DType::F32, Device::Cuda(0)).unwrap();
    dst.copy_(&src).unwrap();
    assert_eq!(dst.to_f64_vec().unwrap(), vec![0., 1., 2., 3., 4., 5.]);
    assert_eq!(dst.version(), 1);
    // Transposed destination: the strided copy kernel.
    let launches = device().launches();
    let out = Tensor::empty(&[3, 2], DType::F32, Device::Cuda(0)).unwrap();
    out.as_strided(&[2, 3], &[1, 2], 0).unwrap().copy_(&src).unwrap();
    assert_eq!(out.to_f64_vec().unwrap(), vec![0., 3., 1., 4., 2., 5.]);
    assert!(device().launches() > launches, "a non-contiguous copy runs the copy kernel");
    // Overlapping source and destination in one storage go through a temporary.
    let x = cuda(&[0., 1., 2., 3.], &[4]);
    x.as_strided(&[3], &[1], 0).unwrap().copy_(&x.as_strided(&[3], &[1], 1).unwrap()).unwrap();
    assert_eq!(x.to_f64_vec().unwrap(), vec![1., 2., 3., 3.]);
    // Broadcast a row into a matrix.
    let row = cuda(&[7., 8., 9.], &[3]);
    dst.copy_(&row).unwrap();
    assert_eq!(dst.to_f64_vec().unwrap(), vec![7., 8., 9., 7., 8., 9.]);
}

#[test]
fn device_copy_errors_are_named() {
    let x = cuda(&[1., 2.], &[2]);
    let host = Tensor::from_f64s(&[2], DType::F32, &[1., 2.]).unwrap();
    assert!(x.copy_(&host).unwrap_err().to_string().contains("device mismatch"));
    let ints = Tensor::empty(&[2], DType::I32, Device::Cuda(0)).unwrap();
    assert!(ints.copy_(&x).unwrap_err().to_string().contains("dtype conversion"));
    assert!(x.set_(&host).is_err(), "set_ keeps the tensor on its device");
    assert!(Tensor::empty(&[1], DType::F32, Device::Cuda(99)).unwrap_err().to_string().contains("cuda:99"));
}

#[test]
fn the_copy_kernel_is_ptx_with_every_element_size() {
    let ptx = copy::ptx();
    assert!(ptx.contains(".visible .entry wrapc_strided_copy("));
    for width in ["u8", "u16", "u32", "u64"] {
        assert!(ptx.contains(&format!("ld.global.{width}")), "{width}");
    }
    assert_eq!(ptx.matches(".param .u64").count(), copy::ARITY);
}

impl Launch {
    /// What compiled code does: the fast path when the entry is published,
    /// else (or when it fails) the slow path.
    fn call(&self, x: &Tensor, n: i64) -> i32 {
        let handle = capi::into_handle(x.clone());
        let mut pointer = x.data_ptr() as u64;
        let mut count = n;
        let mut params = [&mut pointer as *mut u64 as *mut c_void, &mut count as *mut i64 as *mut c_void];
        let tensors = [handle as *const wrt_tensor, std::ptr::null()];
        let entry = &self.slot.entries[0];
        let function = entry.function.load(Ordering::Acquire);
        let mut failed = 0;
        if !function.is_null() {
            // SAFETY: a published entry's `launch` has cuLaunchKernel's signature.
            let launch: LaunchFn = unsafe { std::mem::transmute(entry.launch) };
            let grid = (n as u64).div_ceil(entry.divisor[0] as u64) as u32;
            failed = unsafe {
                launch(
                    function,
                    grid,
                    1,
                    1,
                    entry.threads as u32,
                    1,
                    1,
                    0,
                    wrapc_runtime::cuda::stream::wrt_cuda_stream(0, entry.stream),
                    params.as_mut_ptr(),
                    std::ptr::null_mut(),
                )
            };
        }
        let status = if function.is_null() || failed != 0 {
            let extents = [n, 1, 1];
            // SAFETY: arrays of two parameters, live for the call.
            unsafe {
                slot::wrt_cuda_launch_slow(
                    &*self.slot as *const wrt_cuda_slot as *mut wrt_cuda_slot,
                    &self.kernel,
                    0,
                    params.as_mut_ptr(),
                    tensors.as_ptr(),
                    2,
                    extents.as_ptr(),
                    1,
                    failed,
                )
            }
        } else {
            0
        };
        // SAFETY: made above.
        unsafe { capi::wrt_tensor_release(handle) };
        status
    }
}

#[test]
fn slots_load_and_tune_once_then_launch_directly() {
    let fake = device();
    let site = launch_site("tuned", &[(4, 1), (8, 2)]);
    let x = cuda(&[0.; 16], &[16]);
    let loads = || fake.loads_of(&site._keep.2);
    assert_eq!(site.call(&x, 16), 0);
    assert_eq!(loads(), 1);
    assert_eq!(x.to_f64_vec().unwrap(), vec![1.; 16], "tuning ran on saved data; the call added one once");
    let entry = &site.slot.entries[0];
    assert!([4, 8].contains(&entry.divisor[0]) && entry.threads % 32 == 0);
    for _ in 0..3 {
        assert_eq!(site.call(&x, 16), 0);
    }
    assert_eq!(x.to_f64_vec().unwrap(), vec![4.; 16]);
    assert_eq!(loads(), 1, "later calls never load");
}

#[test]
fn launches_go_on_the_stream_the_embedder_made_the_calls() {
    use wrapc_runtime::cuda::stream::{wrt_cuda_call_stream, wrt_cuda_swap_stream};
    let fake = device();
    let site = launch_site("streams", &[(4, 1), (8, 2)]);
    let x = cuda(&[0.; 16], &[16]);
    let side = fake.side_stream();
    let mut scope = wrt_cuda_call_stream { device: 0, stream: side };
    // SAFETY: a local, swapped in for the calls and back after them.
    unsafe { wrt_cuda_swap_stream(&mut scope) };
    // The first call (load, tune, launch: the slow path), then the fast path.
    assert_eq!(site.call(&x, 16), 0);
    let function = site.slot.entries[0].function.load(Ordering::Acquire);
    assert_eq!(fake.last_stream_of(function), Some(side));
    assert_eq!(site.call(&x, 16), 0);
    assert_eq!(fake.last_stream_of(function), Some(side));
    // SAFETY: as above.
    unsafe { wrt_cuda_swap_stream(&mut scope) };
    assert_eq!(scope, wrt_cuda_call_stream { device: 0, stream: side }, "the swap gave the call's stream back");
    assert_eq!(site.call(&x, 16), 0);
    assert_eq!(fake.last_stream_of(function), Some(fake.own_stream()), "no call stream: the device's own");
    assert_eq!(x.to_f64_vec().unwrap(), vec![3.; 16]);
}

#[test]
fn first_calls_from_many_threads_load_once_and_fresh_threads_get_a_context() {
    let fake = device();
    let site = launch_site("threads", &[(4, 1), (8, 1)]);
    let x = cuda(&[0.; 8], &[8]);
    std::thread::scope(|scope| {
        for _ in 0..16 {
            scope.spawn(|| {
                // A fresh thread has no context current: the fast path fails
                // with CUDA_ERROR_INVALID_CONTEXT and the slow path recovers.
                let status = site.call(&x, 8);
                assert_eq!(status, 0, "{:?}", unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) });
            });
        }
    });
    assert_eq!(fake.loads_of(&site._keep.2), 1);
    // A thread without a context keeps the device's after its first call:
    // its later launches take the fast path.
    std::thread::scope(|scope| {
        scope.spawn(|| {
            assert_eq!(site.call(&x, 8), 0);
            assert_eq!(fake.enter().unwrap(), None, "the thread kept the device's context");
            for _ in 0..3 {
                assert_eq!(site.call(&x, 8), 0);
            }
        });
    });
    assert_eq!(x.to_f64_vec().unwrap(), vec![20.; 8], "every call launched exactly once");
}

#[test]
fn slot_errors_are_reported_by_name() {
    device();
    let mut site = launch_site("broken", &[(4, 1)]);
    site.kernel.num_configs = 0;
    let x = cuda(&[0.; 4], &[4]);
    assert_eq!(site.call(&x, 4), capi::WRT_ERR_CUDA);
    let message = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
    assert!(message.contains("malformed kernel descriptor"), "{message}");
    assert_eq!(site.call(&x, 4), capi::WRT_ERR_CUDA, "a failed slot stays failed");
    let again = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
    assert_eq!(again, message, "and says the same");
    assert_eq!(site.slot.entries[0].failed.load(std::sync::atomic::Ordering::Acquire), 1);
    let extents = [1i64, 1, 1];
    let status = unsafe {
        slot::wrt_cuda_launch_slow(
            &mut *site.slot,
            &site.kernel,
            42,
            std::ptr::null_mut(),
            std::ptr::null(),
            0,
            extents.as_ptr(),
            1,
            0,
        )
    };
    assert_eq!(status, capi::WRT_ERR_CUDA);
    let message = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
    assert!(message.contains("cuda:42"), "{message}");
}

#[test]
fn the_device_guard_restores_the_previous_context() {
    let fake = device();
    std::thread::spawn(move || {
        let mut previous = std::ptr::null_mut();
        assert_eq!(unsafe { slot::wrt_cuda_guard_enter(0, &mut previous) }, 0);
        assert!(!previous.is_null(), "a fresh thread had no context: the guard changed it");
        let mut again = std::ptr::null_mut();
        assert_eq!(unsafe { slot::wrt_cuda_guard_enter(0, &mut again) }, 0);
        assert!(again.is_null(), "already current: nothing to restore");
        // SAFETY: `previous` came from wrt_cuda_guard_enter.
        assert_eq!(unsafe { slot::wrt_cuda_guard_exit(0, previous) }, 0);
        let before = fake.context_switches();
        fake.enter().unwrap();
        assert_eq!(fake.context_switches(), before + 1, "the exit restored 'no context'");
    })
    .join()
    .unwrap();
}

#[test]
fn slot_layout_is_what_compiled_code_reads() {
    use slot::layout::*;
    let abi = &wrapc_abi::SLOT_ENTRY;
    assert_eq!(
        [FUNCTION, LAUNCH, STREAM, DIVISOR, THREADS, SHARED, FAILED, ENTRY_SIZE],
        ["function", "launch", "stream", "divisor", "threads", "shared_bytes", "failed"]
            .map(|field| abi.offset(field))
            .into_iter()
            .chain([wrapc_abi::SLOT_ENTRY_BYTES])
            .collect::<Vec<_>>()
            .try_into()
            .unwrap_or([0; 8])
    );
}

#[test]
fn a_slot_first_used_with_a_grid_keeps_the_configs_block_for_numel_launches() {
    device();
    let site = launch_site("grid-then-numel", &[(4, 1)]);
    let x = cuda(&[0.; 8], &[8]);
    let handle = capi::into_handle(x.clone());
    let mut pointer = x.data_ptr() as u64;
    let mut count = 8i64;
    let mut params = [&mut pointer as *mut u64 as *mut c_void, &mut count as *mut i64 as *mut c_void];
    let tensors = [handle as *const wrt_tensor, std::ptr::null()];
    let programs = [2i64, 1, 1];
    // SAFETY: two parameters, live for the call.
    let status = unsafe {
        slot::wrt_cuda_launch_slow(
            &*site.slot as *const wrt_cuda_slot as *mut wrt_cuda_slot,
            &site.kernel,
            0,
            params.as_mut_ptr(),
            tensors.as_ptr(),
            2,
            programs.as_ptr(),
            0,
            0,
        )
    };
    assert_eq!(status, 0);
    assert_eq!(site.slot.entries[0].divisor[0], 4, "the published divisor is the config's block");
    assert_eq!(site.call(&x, 8), 0, "a numel launch through the same slot");
    unsafe { capi::wrt_tensor_release(handle) };
}

#[test]
fn a_grid_past_the_device_limits_is_a_named_error_not_a_truncated_launch() {
    device();
    let site = launch_site("too-large", &[(1, 1), (2, 1)]);
    let x = cuda(&[0.; 4], &[4]);
    assert_eq!(site.call(&x, 1 << 40), capi::WRT_ERR_CUDA);
    let message = unsafe { std::ffi::CStr::from_ptr(capi::wrt_last_error()) }.to_string_lossy().into_owned();
    assert!(message.contains("exceeds the device's limits"), "{message}");
    assert_eq!(site.slot.entries[0].failed.load(std::sync::atomic::Ordering::Acquire), 0, "the kernel itself loaded");
    assert_eq!(site.call(&x, 4), 0, "a launch within the limits still runs");
    assert_eq!(x.to_f64_vec().unwrap(), vec![1.; 4]);
}

#[test]
fn freed_device_blocks_are_reused_by_the_thread_then_by_others_after_it_exits() {
    device();
    // A size no other test allocates: the process-wide cache is shared.
    let sizes = [1237];
    let first = Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap();
    let block = first.data_ptr();
    drop(first);
    let again = Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap();
    assert_eq!(again.data_ptr(), block, "the thread's last freed block of the size");
    // Made and freed on a thread that then exits: its blocks go to the
    // shared cache.
    let freed_there = std::thread::spawn(move || {
        let there = Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap();
        there.data_ptr() as usize
    })
    .join()
    .unwrap();
    assert_ne!(freed_there, block as usize, "the other thread got a block of its own");
    let here = Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap();
    assert_eq!(here.data_ptr() as usize, freed_there);
    drop(again);
}

#[test]
fn a_thread_keeps_a_few_freed_blocks_and_shares_the_rest() {
    device();
    let sizes = [2111];
    let made: Vec<Tensor> = (0..10).map(|_| Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap()).collect();
    let blocks: Vec<usize> = made.iter().map(|t| t.data_ptr() as usize).collect();
    drop(made);
    // Eight stay with this thread; the other two are in the shared cache,
    // where a thread with none of its own finds them.
    let got_there = std::thread::spawn(move || {
        (0..2).map(|_| Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap()).collect::<Vec<_>>()
    })
    .join()
    .unwrap();
    let elsewhere: Vec<usize> = got_there.iter().map(|t| t.data_ptr() as usize).collect();
    assert!(elsewhere.iter().all(|b| blocks.contains(b)), "{elsewhere:?} from the shared cache");
    let here: Vec<Tensor> = (0..8).map(|_| Tensor::empty(&sizes, DType::F32, Device::Cuda(0)).unwrap()).collect();
    for t in &here {
        let b = t.data_ptr() as usize;
        assert!(blocks.contains(&b) && !elsewhere.contains(&b), "this thread's own blocks");
    }
}
