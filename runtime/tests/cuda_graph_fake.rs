//! CUDA-graph mode on a fake device (its own process, so the device's
//! counters are this file's alone): the first call launches and tunes, a
//! batch seen twice in a row is instantiated, later calls replay it, other
//! arguments launch directly; deferred launches keep their order against
//! copies, and device memory they use is not reused before they run.

use std::ffi::c_void;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

use wrapc_runtime::capi::{self, wrt_tensor};
use wrapc_runtime::cuda::fake::FakeDriver;
use wrapc_runtime::cuda::gpus;
use wrapc_runtime::cuda::graph::{wrt_cuda_graph_begin, wrt_cuda_graph_end, wrt_cuda_graph_slot};
use wrapc_runtime::cuda::slot::{wrt_cuda_graph_launch, wrt_cuda_slot};
use wrapc_runtime::{DType, Device, Tensor};

mod common;
use common::{launch_site, Launch};

fn device() -> &'static Arc<FakeDriver> {
    static DEVICE: OnceLock<Arc<FakeDriver>> = OnceLock::new();
    DEVICE.get_or_init(|| {
        let cache = std::env::temp_dir().join(format!("wrapc-fake-graph-cache-{}", std::process::id()));
        // SAFETY: set once, before this process reads it (first device use).
        unsafe { std::env::set_var("WRAPC_CACHE_DIR", cache) };
        let fake = Arc::new(FakeDriver::new());
        fake.set_kernel("add_one", 2, add_one);
        assert!(gpus::install(0, fake.clone()), "cuda:0 installed once");
        fake
    })
}

/// The tests read the device's counters: one at a time.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|p| p.into_inner())
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

fn cuda(values: &[f64]) -> Tensor {
    device();
    Tensor::from_f64s(&[values.len() as i64], DType::F32, values).unwrap().to_device(Device::Cuda(0)).unwrap()
}

/// One kernel of a compiled graph-mode module: descriptor and slot.
fn site(tag: &str) -> Launch {
    launch_site(tag, &[(4, 1), (8, 2)])
}

impl Launch {
    /// What graph-mode compiled code does for `add_one(x, n)`.
    fn launch(&self, x: &Tensor) -> i32 {
        let handle = capi::into_handle(x.clone());
        let mut pointer = x.data_ptr() as u64;
        let mut count = x.numel();
        let mut params = [&mut pointer as *mut u64 as *mut c_void, &mut count as *mut i64 as *mut c_void];
        let tensors = [handle as *const wrt_tensor, std::ptr::null()];
        let extents = [count, 1, 1];
        // SAFETY: two 8-byte parameter cells and their tensors, live for the call.
        let status = unsafe {
            wrt_cuda_graph_launch(
                &*self.slot as *const wrt_cuda_slot as *mut wrt_cuda_slot,
                &self.kernel,
                0,
                params.as_mut_ptr(),
                tensors.as_ptr(),
                2,
                extents.as_ptr(),
                1,
            )
        };
        // SAFETY: made above.
        unsafe { capi::wrt_tensor_release(handle) };
        status
    }
}

fn graph_slot() -> Box<wrt_cuda_graph_slot> {
    // SAFETY: all-zero is the compiled global's initial state.
    Box::new(unsafe { std::mem::zeroed::<wrt_cuda_graph_slot>() })
}

/// An entry point that launches `add_one` on `x` twice.
fn call(graph: &mut wrt_cuda_graph_slot, site: &Launch, x: &Tensor) {
    // SAFETY: the entry point's slot, begun and ended once.
    unsafe {
        assert_eq!(wrt_cuda_graph_begin(graph), 0);
        assert_eq!(site.launch(x), 0);
        assert_eq!(site.launch(x), 0);
        assert_eq!(wrt_cuda_graph_end(graph), 0);
    }
}

#[test]
fn a_repeated_batch_is_instantiated_once_then_replayed() {
    let _serial = serial();
    let fake = device();
    let (site, mut graph) = (site("replay"), graph_slot());
    let x = cuda(&[0.; 16]);
    let (built, replays) = (fake.graphs_built().0, fake.graph_launches());
    call(&mut graph, &site, &x); // loads and tunes, launches directly
    call(&mut graph, &site, &x); // the whole batch recorded for the first time
    assert_eq!(fake.graphs_built().0, built, "no graph before a batch repeats");
    call(&mut graph, &site, &x); // the same batch again: launched, then instantiated
    assert_eq!(fake.graphs_built().0, built + 1);
    assert_eq!(fake.graph_launches(), replays);
    call(&mut graph, &site, &x);
    call(&mut graph, &site, &x);
    assert_eq!(fake.graph_launches(), replays + 2, "later calls replay the graph");
    assert_eq!(x.to_f64_vec().unwrap(), vec![10.; 16], "every call added two, graph or not");

    // Other arguments: launched directly, the graph left as it is.
    let y = cuda(&[0.; 16]);
    call(&mut graph, &site, &y);
    assert_eq!(fake.graph_launches(), replays + 2);
    assert_eq!(y.to_f64_vec().unwrap(), vec![2.; 16]);
    assert_eq!(x.to_f64_vec().unwrap(), vec![10.; 16]);
    call(&mut graph, &site, &x);
    assert_eq!(fake.graph_launches(), replays + 3, "the first arguments replay again");
    // y twice in a row: a new graph replaces the old one.
    call(&mut graph, &site, &y);
    call(&mut graph, &site, &y);
    assert_eq!(fake.graphs_built(), (built + 2, built + 1), "the replaced graph was destroyed");
    call(&mut graph, &site, &y);
    assert_eq!(y.to_f64_vec().unwrap(), vec![8.; 16]);
}

#[test]
fn deferred_launches_run_before_a_copy_and_keep_their_memory() {
    let _serial = serial();
    let site = site("order");
    let mut graph = graph_slot();
    let x = cuda(&[1., 2., 3., 4.]);
    let out = Tensor::empty(&[4], DType::F32, Device::Cuda(0)).unwrap();
    for _ in 0..3 {
        // SAFETY: the entry point's slot, begun and ended once.
        unsafe {
            assert_eq!(wrt_cuda_graph_begin(&mut *graph), 0);
            assert_eq!(site.launch(&x), 0);
            out.copy_(&x).unwrap();
            let scratch = Tensor::empty(&[64], DType::F32, Device::Cuda(0)).unwrap();
            assert_eq!(site.launch(&scratch), 0);
            let freed = scratch.data_ptr();
            drop(scratch);
            let next = Tensor::empty(&[64], DType::F32, Device::Cuda(0)).unwrap();
            assert_ne!(next.data_ptr(), freed, "a block a pending launch uses is not handed out again");
            assert_eq!(wrt_cuda_graph_end(&mut *graph), 0);
        }
    }
    assert_eq!(x.to_f64_vec().unwrap(), vec![4., 5., 6., 7.]);
    assert_eq!(out.to_f64_vec().unwrap(), vec![4., 5., 6., 7.], "each copy saw the launch before it");
}

#[test]
fn a_copy_between_launches_splits_the_call_into_two_replayed_segments() {
    let _serial = serial();
    let fake = device();
    let site = site("segments");
    let mut graph = graph_slot();
    let (x, out) = (cuda(&[0.; 4]), cuda(&[0.; 4]));
    let replays = fake.graph_launches();
    for _ in 0..5 {
        // SAFETY: the entry point's slot, begun and ended once.
        unsafe {
            assert_eq!(wrt_cuda_graph_begin(&mut *graph), 0);
            assert_eq!(site.launch(&x), 0);
            assert_eq!(site.launch(&x), 0);
            out.copy_(&x).unwrap();
            assert_eq!(site.launch(&out), 0);
            assert_eq!(wrt_cuda_graph_end(&mut *graph), 0);
        }
    }
    // The first call launched the kernel before the first segment's batch
    // (loading it), so that segment repeats from the third call on and
    // replays on the fourth and fifth; the second from the third.
    assert_eq!(fake.graph_launches(), replays + 5);
    assert_eq!(x.to_f64_vec().unwrap(), vec![10.; 4]);
    assert_eq!(out.to_f64_vec().unwrap(), vec![11.; 4], "the copy saw x after the first segment");
}

#[test]
fn nested_entry_points_join_one_batch_and_unbalanced_calls_are_errors() {
    let _serial = serial();
    let fake = device();
    let site = site("nested");
    let (mut outer, mut inner) = (graph_slot(), graph_slot());
    let x = cuda(&[0.; 8]);
    let replays = fake.graph_launches();
    for _ in 0..4 {
        // SAFETY: slots begun and ended in pairs.
        unsafe {
            assert_eq!(wrt_cuda_graph_begin(&mut *outer), 0);
            call(&mut inner, &site, &x);
            assert_eq!(site.launch(&x), 0);
            assert_eq!(wrt_cuda_graph_end(&mut *outer), 0);
        }
    }
    assert_eq!(fake.graph_launches(), replays + 1, "one graph for the outer entry point's three launches");
    assert_eq!(x.to_f64_vec().unwrap(), vec![12.; 8]);
    // SAFETY: null and unbalanced calls are what is under test.
    unsafe {
        assert_ne!(wrt_cuda_graph_end(&mut *outer), 0, "end without begin");
        assert_ne!(wrt_cuda_graph_begin(std::ptr::null_mut()), 0, "a null slot");
    }
}

#[test]
fn a_block_freed_on_another_thread_waits_for_the_pending_batch() {
    // A launch recorded on one thread reads a tensor whose last reference
    // goes on another thread that records nothing (a consumer's release, or
    // a biased count handed back to the tensor's owner): its block must not
    // be handed out before the batch is issued.
    let _serial = serial();
    let scratch = cuda(&[0.; 48]);
    let block = scratch.data_ptr() as usize;
    let (recorded, release) = (std::sync::mpsc::channel(), std::sync::mpsc::channel::<()>());
    let (recorded_tx, recorded_rx) = recorded;
    let (release_tx, release_rx) = release;
    let used = scratch.clone();
    let recorder = std::thread::spawn(move || {
        let (site, mut graph) = (site("cross-thread"), graph_slot());
        // SAFETY: the entry point's slot, begun and ended once.
        unsafe {
            assert_eq!(wrt_cuda_graph_begin(&mut *graph), 0);
            assert_eq!(site.launch(&used), 0);
            drop(used);
            recorded_tx.send(()).unwrap();
            release_rx.recv().unwrap();
            assert_eq!(wrt_cuda_graph_end(&mut *graph), 0);
        }
    });
    recorded_rx.recv().unwrap();
    drop(scratch); // the last reference, here, while the batch is pending
    let fresh: Vec<Tensor> = (0..10).map(|_| Tensor::empty(&[48], DType::F32, Device::Cuda(0)).unwrap()).collect();
    assert!(fresh.iter().all(|t| t.data_ptr() as usize != block), "the pending batch's block was handed out");
    release_tx.send(()).unwrap();
    recorder.join().unwrap();
    // Issued: the block is back in a cache, and no thread holds it back.
    let after: Vec<Tensor> = (0..10).map(|_| Tensor::empty(&[48], DType::F32, Device::Cuda(0)).unwrap()).collect();
    assert!(after.iter().any(|t| t.data_ptr() as usize == block), "the block came back once the batch was issued");
}
