//! Thread ids and inboxes for biased counts (`biased.rs`): the
//! registry a thread that gives up a reference to another thread's object
//! finds the owner's inbox in. A thread's [`Registration`] lives in its
//! runtime state and unregisters at thread exit.

use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// An object sent to its owner, with what to do there: the merge of its
/// counts, or the release of a reference.
pub(crate) struct Queued {
    pub(crate) object: NonNull<()>,
    pub(crate) merge: unsafe fn(NonNull<()>),
}

// SAFETY: the objects are `Counted`, so `Send + Sync`.
unsafe impl Send for Queued {}

/// Objects other threads sent a thread to merge.
#[derive(Default)]
struct Inbox {
    pending: AtomicBool,
    queued: Mutex<Vec<Queued>>,
}

/// The live threads' inboxes, by id.
static THREADS: Mutex<BTreeMap<u64, Arc<Inbox>>> = Mutex::new(BTreeMap::new());
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn threads() -> MutexGuard<'static, BTreeMap<u64, Arc<Inbox>>> {
    THREADS.lock().unwrap_or_else(|poison| poison.into_inner())
}

fn lock(inbox: &Inbox) -> MutexGuard<'_, Vec<Queued>> {
    inbox.queued.lock().unwrap_or_else(|poison| poison.into_inner())
}

/// A thread's id and inbox, kept in its runtime state (`thread.rs`); its
/// drop (at thread exit) unregisters and merges what is left.
pub(crate) struct Registration {
    id: u64,
    inbox: Arc<Inbox>,
}

impl Registration {
    pub(crate) fn new() -> Registration {
        let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
        let inbox = Arc::new(Inbox::default());
        threads().insert(id, inbox.clone());
        Registration { id, inbox }
    }

    #[inline(always)]
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Merges what other threads sent this thread.
    #[inline(always)]
    pub(crate) fn collect(&self) {
        if self.inbox.pending.load(Ordering::Acquire) {
            drain(&self.inbox);
        }
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        // The thread's state is already out of reach (`current()` is
        // EXITED): from here senders merge this thread's objects
        // themselves, and this thread touches no `local` any more.
        threads().remove(&self.id);
        drain(&self.inbox);
    }
}

/// Sends `object` to `owner`'s inbox, or merges it here if the owner
/// has exited.
pub(crate) fn send(owner: u64, object: Queued) {
    let threads = threads();
    if let Some(inbox) = threads.get(&owner) {
        lock(inbox).push(object);
        inbox.pending.store(true, Ordering::Release);
        return;
    }
    drop(threads);
    // SAFETY: the owner has exited (it unregistered under the lock
    // just taken, after its last touch of `local`). A count this
    // thread took below zero has QUEUED set by it, so no one else
    // merges the object; a reference `release_for` sends is an ordinary
    // release, made here instead.
    unsafe { (object.merge)(object.object) };
}

fn drain(inbox: &Inbox) {
    loop {
        inbox.pending.store(false, Ordering::Relaxed);
        // Out of the lock before merging: a merge frees objects, whose
        // drops may send to this inbox again.
        let queued = std::mem::take(&mut *lock(inbox));
        if queued.is_empty() {
            return;
        }
        for object in queued {
            // SAFETY: this is the owner's thread (or its exit), and
            // the object was queued to it.
            unsafe { (object.merge)(object.object) };
        }
    }
}
