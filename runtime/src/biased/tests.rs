//! Biased counts: every object freed exactly once, by whichever thread
//! gives back its last reference, wherever its references went.

use super::*;
use std::sync::atomic::AtomicUsize;
use std::sync::mpsc::channel;
use std::sync::Arc;

/// Counts its drops.
struct Probe(Arc<AtomicUsize>);

impl Drop for Probe {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

fn probe() -> (Biased<Probe>, Arc<AtomicUsize>) {
    let drops = Arc::new(AtomicUsize::new(0));
    (Biased::new(Probe(drops.clone())), drops)
}

fn dropped(drops: &AtomicUsize) -> usize {
    drops.load(Ordering::SeqCst)
}

#[test]
fn the_owners_last_reference_frees() {
    let (object, drops) = probe();
    let again = object.clone();
    assert_eq!(object.references(), 2);
    drop(object);
    assert_eq!(dropped(&drops), 0);
    drop(again);
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn another_threads_last_reference_frees_after_the_owner_merged() {
    let (object, drops) = probe();
    // Made on the other thread, so counted in `shared`.
    let made_there = std::thread::scope(|scope| scope.spawn(|| object.clone()).join().unwrap());
    drop(object); // the owner's count reaches zero: merged, `shared` holds one
    assert_eq!(dropped(&drops), 0, "a reference is still held");
    std::thread::spawn(move || drop(made_there)).join().unwrap();
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn a_reference_the_owner_counted_and_another_thread_released_waits_for_the_owner() {
    let (object, drops) = probe();
    let (send, receive) = channel();
    let other = std::thread::spawn(move || {
        let held: Biased<Probe> = receive.recv().unwrap();
        let again = held.clone();
        drop(held);
        again
    });
    send.send(object.clone()).unwrap();
    let again = other.join().unwrap();
    drop(object);
    std::thread::spawn(move || drop(again)).join().unwrap();
    assert_eq!(dropped(&drops), 0, "queued to the owner, not yet merged");
    collect();
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn a_count_below_zero_waits_for_the_owner() {
    // The owner hands out a reference it counted; the other thread's
    // release takes `shared` below zero, and only the owner knows the sum.
    let (object, drops) = probe();
    let given = object.clone();
    std::thread::spawn(move || drop(given)).join().unwrap();
    drop(object);
    assert_eq!(dropped(&drops), 0, "queued to the owner, not yet merged");
    collect();
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn a_queued_object_is_merged_when_the_owners_count_reaches_zero() {
    let (object, drops) = probe();
    let (first, second) = (object.clone(), object.clone());
    let (back, returned) = channel();
    std::thread::spawn(move || {
        drop(first); // below zero: queued to the owner
        let made_here = second.clone();
        back.send((second, made_here)).unwrap();
    })
    .join()
    .unwrap();
    let (second, made_here) = returned.recv().unwrap();
    drop(second);
    drop(made_here);
    assert_eq!(dropped(&drops), 0);
    drop(object); // the owner's last: its count is zero and the object queued
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn an_exited_owners_objects_are_merged_by_the_sender() {
    let (object, drops) = std::thread::spawn(probe).join().unwrap();
    let again = object.clone();
    drop(object);
    assert_eq!(dropped(&drops), 0);
    drop(again);
    assert_eq!(dropped(&drops), 1);
}

#[test]
fn an_exiting_owner_merges_its_inbox() {
    let (send, receive) = channel();
    let (back, returned) = channel();
    let owner = std::thread::spawn(move || {
        let (object, drops) = probe();
        send.send(object.clone()).unwrap();
        let _ = returned.recv(); // the other thread has released it
        drop(object); // the owner's count stays up: the handed-out one is counted here
        drops
    });
    let given: Biased<Probe> = receive.recv().unwrap();
    drop(given);
    back.send(()).unwrap();
    let drops = owner.join().unwrap();
    assert_eq!(dropped(&drops), 1, "merged when the owner exited");
}

#[test]
fn references_raced_on_many_threads_free_once() {
    for _ in 0..20 {
        let (object, drops) = probe();
        let (send, receive) = channel::<Biased<Probe>>();
        let sink = std::thread::spawn(move || receive.into_iter().count());
        let workers: Vec<_> = (0..4)
            .map(|i| {
                let (object, send) = (object.clone(), send.clone());
                std::thread::spawn(move || {
                    for n in 0..500 {
                        let held = object.clone();
                        if (n + i) % 3 == 0 {
                            send.send(held).unwrap();
                        }
                    }
                })
            })
            .collect();
        drop(send);
        for worker in workers {
            worker.join().unwrap();
        }
        assert!(sink.join().unwrap() > 0);
        assert_eq!(dropped(&drops), 0);
        collect();
        assert_eq!(object.references(), 1);
        drop(object);
        collect();
        assert_eq!(dropped(&drops), 1);
    }
}
