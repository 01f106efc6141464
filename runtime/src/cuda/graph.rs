//! CUDA-graph replay of a wrapper's launches (`wrapc compile --target=cuda
//! --cuda-graphs`).
//!
//! An entry point compiled in graph mode brackets its body with
//! [`wrt_cuda_graph_begin`] and [`wrt_cuda_graph_end`], and its launches go
//! through [`super::slot::wrt_cuda_graph_launch`]. Between the two, launches
//! of loaded kernels are *recorded* (kernel, grid, block, argument values)
//! instead of issued. At the end the batch is compared with the graph the
//! entry point instantiated earlier: the same batch is one `cuGraphLaunch`;
//! any difference (other pointers, other sizes) issues the launches one by
//! one, and a batch seen on two calls in a row becomes the new graph. So the
//! first call runs and autotunes directly, the second instantiates, and
//! every later call with the same arguments replays.
//!
//! Deferring a launch must not reorder it against the runtime's other work
//! on the stream: a copy, a transfer or a synchronization first issues what
//! is pending ([`flush`]). That splits a call into segments (the launches
//! before a mutation epilogue's `copy_`, those after it), each replayed as a
//! graph of its own, with the copy native between them. Memory a recorded
//! launch may still use is not
//! handed out again before the batch is issued (device blocks freed while
//! recording go back to the block cache at the end). Allocation needs no
//! flush: a fresh block is no pending launch's.
//!
//! State is per thread, as a stream-ordered call is: nested entry points
//! (one compiled wrapper calling another) join the outermost batch. Which
//! thread frees a block is not: a tensor a recorded launch read may be
//! released on another thread, or handed to the thread that made it (biased
//! counts), while the batch is pending. So a block freed while any thread
//! records is held back until no batch is pending anywhere (`blocks.rs`).

use std::cell::RefCell;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::sync::{Arc, Mutex};

use super::gpus::gpu;
use super::{CudaError, Current, Driver, GraphHandle, KernelLaunch, Result};

/// The per-entry-point global compiled code passes to begin and end
/// (zero-initialized; the runtime owns what it points at).
#[repr(C)]
pub struct wrt_cuda_graph_slot {
    cache: AtomicPtr<GraphCache>,
}

const _: () = assert!(std::mem::size_of::<wrt_cuda_graph_slot>() == wrapc_abi::GRAPH_SLOT_BYTES);

struct Pending {
    device: i32,
    launch: KernelLaunch,
}

#[derive(Default)]
struct Recording {
    depth: u32,
    /// The outermost entry point's slot (its address).
    slot: usize,
    /// How many segments of this call were issued: a copy or transfer
    /// between launches splits the call into segments, each with a graph.
    segment: usize,
    launches: Vec<Pending>,
}

thread_local! {
    static RECORDING: RefCell<Recording> = RefCell::new(Recording::default());
}

/// Whether this thread is inside a graph-mode entry point (never while
/// the thread's locals are being destroyed: tensors dropped then are not
/// in any call).
pub fn recording() -> bool {
    RECORDING.try_with(|r| r.borrow().depth > 0).unwrap_or(false)
}

/// Records `launch` on `device` (only while [`recording`]).
pub(crate) fn record(device: i32, launch: KernelLaunch) {
    RECORDING.with(|r| r.borrow_mut().launches.push(Pending { device, launch }));
}

/// Issues the pending launches, in order, as the current segment (its
/// graph when it repeats): what must run before the stream work the
/// caller is about to queue.
pub fn flush() -> Result<()> {
    let (slot, segment, pending) = RECORDING.with(|r| {
        let mut r = r.borrow_mut();
        let segment = r.segment;
        if !r.launches.is_empty() {
            r.segment += 1;
        }
        (r.slot, segment, std::mem::take(&mut r.launches))
    });
    issue(slot as *const wrt_cuda_graph_slot, segment, pending)
}

fn launch_each(pending: Vec<Pending>) -> Result<()> {
    for Pending { device, mut launch } in pending {
        let driver = gpu(device)?;
        let _current = Current::enter(&**driver)?;
        let params = launch.params();
        driver.launch(launch.function, launch.grid, launch.block, launch.shared_bytes, &params)?;
    }
    Ok(())
}

/// An entry point's instantiated graph and the batch it was made from.
struct Instantiated {
    device: i32,
    driver: Arc<dyn Driver>,
    launches: Vec<KernelLaunch>,
    graph: GraphHandle,
}

#[derive(Default)]
struct Cached {
    graph: Option<Instantiated>,
    /// The previous call's batch, when it was not the graph's.
    last: Option<(i32, Vec<KernelLaunch>)>,
    /// Set when instantiating failed: the entry point launches directly.
    unavailable: bool,
}

/// One entry per segment of the entry point's calls. Lives as long as the
/// process: a compiled library's slot may be used by any later call, and
/// libraries are rarely unloaded.
#[derive(Default)]
struct GraphCache(Mutex<Vec<Cached>>);

impl wrt_cuda_graph_slot {
    fn cache(&self) -> &'static GraphCache {
        let current = self.cache.load(Ordering::Acquire);
        if !current.is_null() {
            // SAFETY: published below from a leaked Box, never freed.
            return unsafe { &*current };
        }
        let fresh = Box::into_raw(Box::<GraphCache>::default());
        match self.cache.compare_exchange(std::ptr::null_mut(), fresh, Ordering::AcqRel, Ordering::Acquire) {
            // SAFETY: leaked on purpose (see GraphCache).
            Ok(_) => unsafe { &*fresh },
            Err(winner) => {
                // SAFETY: ours lost the race and was never shared.
                drop(unsafe { Box::from_raw(fresh) });
                // SAFETY: as above.
                unsafe { &*winner }
            }
        }
    }
}

/// Issues segment `segment` of a call of the entry point of `slot`: its
/// graph when the batch is the graph's, else launch by launch
/// (instantiating it when the same batch came twice in a row).
fn issue(slot: *const wrt_cuda_graph_slot, segment: usize, pending: Vec<Pending>) -> Result<()> {
    let Some(first) = pending.first() else { return Ok(()) };
    let device = first.device;
    if slot.is_null() || pending.iter().any(|p| p.device != device) {
        // One graph runs on one device's stream.
        return launch_each(pending);
    }
    // SAFETY: the slot global begin was given, alive with its library.
    let mut segments = unsafe { &*slot }.cache().0.lock().unwrap_or_else(|p| p.into_inner());
    if segments.len() <= segment {
        segments.resize_with(segment + 1, Cached::default);
    }
    let cached = &mut segments[segment];
    let matches = |g: &Instantiated| {
        g.device == device
            && g.launches.len() == pending.len()
            && g.launches.iter().zip(&pending).all(|(a, b)| *a == b.launch)
    };
    if let Some(graph) = cached.graph.as_ref().filter(|g| matches(g)) {
        return graph.driver.graph_launch(graph.graph);
    }
    let mut launches: Vec<KernelLaunch> = pending.iter().map(|p| p.launch.clone()).collect();
    launch_each(pending)?;
    if cached.unavailable {
        return Ok(());
    }
    let driver = gpu(device)?;
    if cached.last.as_ref().is_some_and(|(d, last)| *d == device && *last == launches) {
        cached.last = None;
        match driver.graph_build(&mut launches) {
            Ok(graph) => {
                if let Some(old) =
                    cached.graph.replace(Instantiated { device, driver: driver.clone(), launches, graph })
                {
                    old.driver.graph_destroy(old.graph)?;
                }
            }
            // No graph (an old driver, a kernel graphs cannot hold): the
            // launches above ran, and later calls launch directly too.
            Err(_) => cached.unavailable = true,
        }
    } else {
        cached.last = Some((device, launches));
    }
    Ok(())
}

/// Starts (or, nested, joins) this thread's batch.
///
/// # Safety
/// `slot` must be null or the entry point's `wrt_cuda_graph_slot` global.
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_graph_begin(slot: *mut wrt_cuda_graph_slot) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_graph_begin", || {
        if slot.is_null() {
            return Err(CudaError { call: "wrt_cuda_graph_begin", name: "null graph slot".into() });
        }
        RECORDING.with(|r| {
            let mut r = r.borrow_mut();
            if r.depth == 0 {
                r.slot = slot as usize;
                r.segment = 0;
                super::blocks::hold();
            }
            r.depth += 1;
        });
        Ok(())
    })
}

/// Ends this thread's batch (the outermost end issues it) and hands back
/// the device blocks released meanwhile (once no thread's batch is pending). Compiled code calls it on every
/// exit after begin, failures included, so what ran before a failure is
/// issued as it would have been without graphs.
///
/// # Safety
/// `slot` must be null or the `wrt_cuda_graph_slot` global given to the
/// matching [`wrt_cuda_graph_begin`].
#[no_mangle]
pub unsafe extern "C" fn wrt_cuda_graph_end(slot: *mut wrt_cuda_graph_slot) -> i32 {
    crate::ffi::cuda_status("wrt_cuda_graph_end", || {
        let batch = RECORDING.with(|r| {
            let mut r = r.borrow_mut();
            if r.depth == 0 {
                return Err(CudaError { call: "wrt_cuda_graph_end", name: "no batch was begun".into() });
            }
            r.depth -= 1;
            Ok((r.depth == 0).then(|| (r.slot, r.segment, std::mem::take(&mut r.launches))))
        })?;
        let Some((outermost, segment, pending)) = batch else { return Ok(()) };
        let slot = if outermost == slot as usize { slot } else { std::ptr::null_mut() };
        let outcome = issue(slot, segment, pending);
        super::blocks::unhold();
        outcome
    })
}
