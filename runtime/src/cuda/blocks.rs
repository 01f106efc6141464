//! Freed device blocks, kept for reuse: the caching allocator's side that
//! storages take blocks from and release them to. A block a launch
//! recorded for a CUDA graph may still read is held back until no batch is
//! pending ([`hold`] and [`unhold`] bracket a thread's outermost batch).

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// Releases a device block a storage no longer uses: cached now, or held
/// back while a CUDA-graph batch that may read it is pending.
pub(crate) fn release(device: i32, nbytes: usize, block: u64) {
    // A storage dropped while the thread's locals are destroyed is in no
    // batch of its own (try_with: `with` would panic there, inside a Drop).
    let here = MINE
        .try_with(|mine| match mine.borrow_mut().0.as_mut() {
            Some(held) => {
                held.push((device, nbytes, block));
                true
            }
            None => false,
        })
        .unwrap_or(false);
    if here {
        return;
    }
    if RECORDERS.load(Ordering::SeqCst) > 0 {
        let mut batches = batches();
        if batches.recorders > 0 {
            batches.released.push((device, nbytes, block));
            return;
        }
    }
    // Zero: a batch begun after this load records launches of tensors
    // still alive then, so none of them reads this block.
    cache(device, nbytes, block);
}

/// This thread's outermost CUDA-graph batch began: blocks freed from now
/// on wait for it (and every other thread's) to be issued.
pub(crate) fn hold() {
    MINE.with(|mine| mine.borrow_mut().0 = Some(Vec::new()));
    let mut batches = batches();
    batches.recorders += 1;
    RECORDERS.store(batches.recorders, Ordering::SeqCst);
}

/// This thread's outermost batch was issued: the blocks freed on it
/// meanwhile, and those held back for all batches, go to the cache once no
/// batch is pending (another thread's may read one of them).
pub(crate) fn unhold() {
    let mine = MINE.with(|mine| mine.borrow_mut().0.take()).unwrap_or_default();
    batch_ended(mine);
}

fn batch_ended(mine: Vec<(i32, usize, u64)>) {
    let released = {
        let mut batches = batches();
        batches.recorders -= 1;
        RECORDERS.store(batches.recorders, Ordering::SeqCst);
        batches.released.extend(mine);
        if batches.recorders > 0 {
            return;
        }
        std::mem::take(&mut batches.released)
    };
    for (device, nbytes, block) in released {
        cache(device, nbytes, block);
    }
}

/// Blocks freed on this thread while its batch is pending (`Some` then).
struct Mine(Option<Vec<(i32, usize, u64)>>);

impl Drop for Mine {
    fn drop(&mut self) {
        // A thread that exits inside a batch (compiled code ends every batch
        // it begins, so only a misused ABI does) no longer holds others'
        // blocks back; its own are leaked rather than risked.
        if self.0.take().is_some() {
            batch_ended(Vec::new());
        }
    }
}

thread_local! {
    static MINE: RefCell<Mine> = const { RefCell::new(Mine(None)) };
}

/// How many threads have a batch pending; read without the lock on every
/// device free (almost always zero).
static RECORDERS: AtomicUsize = AtomicUsize::new(0);

/// The same count under a lock, with the device blocks held back while it
/// is not zero: a count and a push under one lock cannot miss the last
/// batch's end.
static BATCHES: Mutex<Batches> = Mutex::new(Batches { recorders: 0, released: Vec::new() });

struct Batches {
    recorders: usize,
    released: Vec<(i32, usize, u64)>,
}

fn batches() -> MutexGuard<'static, Batches> {
    BATCHES.lock().unwrap_or_else(|poison| poison.into_inner())
}

/// Freed device blocks by (device, bytes). All of the runtime's work on a
/// device is ordered on one stream, so a block freed on the host can be
/// handed out again at once: its next user's work queues after its last
/// user's (PyTorch's caching allocator relies on the same order). Blocks
/// are kept for the life of the process, as PyTorch's are.
type BlockCache = std::collections::HashMap<(i32, usize), Vec<u64>>;

static CACHED_BLOCKS: std::sync::Mutex<Option<BlockCache>> = std::sync::Mutex::new(None);

/// A cached block of `nbytes` on `device`, if one was freed.
pub(crate) fn take(device: i32, nbytes: usize) -> Option<u64> {
    near::take(device, nbytes).or_else(|| {
        let mut cache = CACHED_BLOCKS.lock().unwrap_or_else(|p| p.into_inner());
        cache.as_mut()?.get_mut(&(device, nbytes))?.pop()
    })
}

/// Caches `block` for reuse now (no recorded launch can read it).
pub(crate) fn cache(device: i32, nbytes: usize, block: u64) {
    if !near::keep(device, nbytes, block) {
        shared_cache_block(device, nbytes, block);
    }
}

fn shared_cache_block(device: i32, nbytes: usize, block: u64) {
    let mut cache = CACHED_BLOCKS.lock().unwrap_or_else(|p| p.into_inner());
    cache.get_or_insert_with(Default::default).entry((device, nbytes)).or_default().push(block);
}

/// The few blocks a thread freed last, in front of the process-wide cache:
/// a wrapper that allocates an output per call and whose caller frees it
/// takes no lock and hashes nothing (a lock and unlock cost ~12 ns on the
/// H200 machine's CPU). The blocks go to the process-wide cache when the
/// thread exits.
mod near {
    use std::cell::RefCell;

    const KEEP: usize = 8;

    struct Near(Vec<(i32, usize, u64)>);

    impl Drop for Near {
        fn drop(&mut self) {
            for (device, nbytes, block) in self.0.drain(..) {
                super::shared_cache_block(device, nbytes, block);
            }
        }
    }

    thread_local! {
        static NEAR: RefCell<Near> = const { RefCell::new(Near(Vec::new())) };
    }

    pub(super) fn take(device: i32, nbytes: usize) -> Option<u64> {
        NEAR.try_with(|near| {
            let mut near = near.try_borrow_mut().ok()?;
            let at = near.0.iter().rposition(|&(d, n, _)| d == device && n == nbytes)?;
            Some(near.0.swap_remove(at).2)
        })
        .ok()
        .flatten()
    }

    /// Whether the thread kept `block` (false: the caller shares it).
    pub(super) fn keep(device: i32, nbytes: usize, block: u64) -> bool {
        NEAR.try_with(|near| {
            let Ok(mut near) = near.try_borrow_mut() else { return false };
            if near.0.len() >= KEEP {
                return false;
            }
            if near.0.capacity() == 0 {
                near.0.reserve_exact(KEEP);
            }
            near.0.push((device, nbytes, block));
            true
        })
        .unwrap_or(false)
    }
}
