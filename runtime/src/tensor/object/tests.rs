//! The owner's lock-free view: taken on the owner's thread only, and safe
//! against writers on other threads (what they replace is released on the
//! owner's thread).

use std::sync::atomic::Ordering;
use std::sync::Arc;

use super::super::Tensor;
use crate::DType;

fn t(values: &[f64]) -> Tensor {
    Tensor::from_f64s(&[values.len() as i64], DType::F32, values).unwrap()
}

/// How many times the tensor's lock was taken (each bumps `seq` by two).
fn lockings(t: &Tensor) -> u64 {
    t.object().seq.load(Ordering::SeqCst) / 2
}

#[test]
fn views_on_the_owners_thread_take_no_lock() {
    let base = t(&[0., 1., 2., 3.]);
    let before = lockings(&base);
    let view = base.as_strided(&[2], &[1], 1).unwrap();
    assert_eq!(lockings(&base), before, "the owner's view reads the state without the lock");
    assert_eq!(view.sizes(), [2]);
    assert_eq!(view.storage_offset(), 1);
    assert!(Tensor::same_tensor(&view.view_base().unwrap(), &base));
    assert_eq!(view.storage_id(), base.storage_id());

    let before = lockings(&base);
    let elsewhere = base.clone();
    std::thread::spawn(move || drop(elsewhere.as_strided(&[2], &[1], 0).unwrap())).join().unwrap();
    assert_eq!(lockings(&base), before + 1, "another thread's view takes the general path");

    // Out of bounds: the general path names the error.
    let error = base.as_strided(&[4], &[1], 1).unwrap_err();
    assert!(error.to_string().contains("reaches element 4 of a storage of 4"), "{error}");
}

#[test]
fn each_case_the_lock_free_view_leaves_to_the_general_path() {
    let base = t(&[0., 1., 2., 3.]);
    assert!(base.view_fast(&[2], &[1], 2).is_some());
    // Out of bounds, a negative stride or offset, sizes and strides of two
    // ranks, a rank past the header's: the general path names the error.
    assert!(base.view_fast(&[2], &[1], 3).is_none());
    assert!(base.view_fast(&[2], &[-1], 2).is_none());
    assert!(base.view_fast(&[2], &[1], -1).is_none());
    assert!(base.view_fast(&[2], &[1, 1], 0).is_none());
    assert!(base.view_fast(&[1; 9], &[1; 9], 0).is_none());
    // Its lock held right now (here by this very thread).
    {
        let _held = base.lock();
        assert!(base.view_fast(&[2], &[1], 0).is_none(), "the state may be half written");
    }
    assert!(base.view_fast(&[2], &[1], 0).is_some());
    // A base another thread made (and owns).
    let theirs = std::thread::spawn(|| t(&[1., 2.])).join().unwrap();
    assert!(theirs.view_fast(&[1], &[1], 0).is_none());
    assert_eq!(theirs.as_strided(&[1], &[1], 1).unwrap().storage_offset(), 1);
    // A subclass instance: refused by the general path.
    let instance = Tensor::subclass("TwoTensor", DType::F32, &[2], vec![("a".into(), t(&[1., 2.]))]).unwrap();
    assert!(instance.view_fast(&[1], &[1], 0).is_none());
    assert!(instance.as_strided(&[1], &[1], 0).is_err());
}

#[test]
fn a_storage_replaced_on_the_owners_thread_is_released_at_once() {
    let base = t(&[1., 2.]);
    let old = base.storage();
    base.set_(&t(&[3., 4.])).unwrap();
    assert_eq!(Arc::strong_count(&old), 1);
}

#[test]
fn a_storage_replaced_on_another_thread_is_released_on_the_owners() {
    let base = t(&[1., 2.]);
    let old = base.storage();
    assert_eq!(Arc::strong_count(&old), 2);
    let (target, source) = (base.clone(), t(&[3., 4.]));
    std::thread::spawn(move || target.set_(&source).unwrap()).join().unwrap();
    assert_ne!(base.storage_id(), Arc::as_ptr(&old) as usize);
    assert_eq!(Arc::strong_count(&old), 2, "the old storage waits for its owner's thread");
    drop(t(&[0.])); // making an object collects what other threads sent back
    assert_eq!(Arc::strong_count(&old), 1);
}

#[test]
fn a_base_replaced_on_another_thread_is_released_on_the_owners() {
    let root = t(&[1., 2., 3.]);
    let view = root.as_strided(&[2], &[1], 0).unwrap();
    let alias = root.detach();
    assert_eq!(root.handles(), 2);
    let (target, new_base) = (view.clone(), alias.clone());
    std::thread::spawn(move || target.set_view_base(&new_base).unwrap()).join().unwrap();
    assert!(Tensor::same_tensor(&view.view_base().unwrap(), &alias));
    assert_eq!(root.handles(), 2, "the old `_base` waits for its owner's thread");
    drop(t(&[0.]));
    assert_eq!(root.handles(), 1);
}

#[test]
fn views_race_writers_on_other_threads() {
    // The owner makes views while another thread swaps the base's storage,
    // toggles requires_grad and takes the lock: every view sees one of the
    // two storages, and every reference comes back.
    let base = t(&[0.; 8]);
    let (a, b) = (t(&[1.; 8]), t(&[2.; 8]));
    let storages = [a.storage_id(), b.storage_id(), base.storage_id()];
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writes = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let writer = {
        let (base, a, b, stop, writes) = (base.clone(), a.clone(), b.clone(), stop.clone(), writes.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let i = writes.fetch_add(1, Ordering::Relaxed);
                base.set_(if i % 2 == 0 { &a } else { &b }).unwrap();
                base.set_requires_grad(i % 3 == 0).unwrap();
            }
        })
    };
    let mut i = 0;
    while i < 20_000 || writes.load(Ordering::Relaxed) < 5_000 {
        let view = base.as_strided(&[4], &[1], i % 5).unwrap();
        assert!(storages.contains(&view.storage_id()));
        assert!(Tensor::same_tensor(&view.view_base().unwrap(), &base));
        i += 1;
    }
    stop.store(true, Ordering::Relaxed);
    writer.join().unwrap();
    drop(t(&[0.]));
    assert_eq!(base.handles(), 1, "every view's reference to its base is back");
    let held = base.storage();
    drop(base);
    for s in [a, b] {
        // Held by `s`, and by `base` (now dropped) when it was the last set.
        assert_eq!(Arc::strong_count(&s.storage()), if Arc::ptr_eq(&s.storage(), &held) { 3 } else { 2 });
    }
}

#[test]
fn a_reused_object_reads_only_its_own_rank() {
    // A rank-4 object's memory goes back to this thread's pool; the next
    // object (a rank-1 view) is written into it only up to its rank.
    let root = Tensor::from_f64s(&[1, 2, 1, 2], DType::F32, &[0.; 4]).unwrap();
    let wide = root.as_strided(&[2, 1, 2, 1], &[2, 9, 1, 7], 0).unwrap();
    // The root first: the view is then freed, not parked in it.
    drop(root);
    let reused = wide.as_ptr();
    drop(wide);
    let base = t(&[0., 1., 2., 3.]);
    let view = base.as_strided(&[3], &[1], 1).unwrap();
    assert!(std::ptr::eq(view.as_ptr(), reused) || std::ptr::eq(base.as_ptr(), reused));
    assert_eq!((view.sizes(), view.strides()), (vec![3], vec![1]));
    assert!(view.is_contiguous());
    assert_eq!(view.to_f64_vec().unwrap(), [1., 2., 3.]);
    // In place, the geometry can grow its rank again.
    view.as_strided_(&[1, 3], &[3, 1], 1).unwrap();
    assert_eq!((view.sizes(), view.strides()), (vec![1, 3], vec![3, 1]));
}

#[test]
fn a_released_view_is_made_again_from_its_root() {
    let base = t(&[0., 1., 2., 3.]);
    let view = base.as_strided(&[2], &[1], 1).unwrap();
    let first = view.as_ptr();
    view.mark_dynamic(0).unwrap();
    drop(view);
    assert_eq!(base.handles(), 1, "a parked view holds no reference to its root");
    let again = base.as_strided(&[2], &[1], 1).unwrap();
    assert!(std::ptr::eq(again.as_ptr(), first), "the same geometry again: the parked object");
    assert_eq!((again.handles(), base.handles()), (1, 2));
    assert!(Tensor::same_tensor(&again.view_base().unwrap(), &base));
    assert!(again.dynamic_dims().is_empty(), "made anew: no dimension marked");
    assert_eq!((again.sizes(), again.strides(), again.storage_offset()), (vec![2], vec![1], 1));
    assert_eq!(again.to_f64_vec().unwrap(), [1., 2.]);
    drop(again);
    // Another geometry is another object; the parked one waits for its own.
    let other = base.as_strided(&[3], &[1], 0).unwrap();
    assert!(!std::ptr::eq(other.as_ptr(), first));
    assert_eq!(other.to_f64_vec().unwrap(), [0., 1., 2.]);
    drop(other);
    let again = base.as_strided(&[2], &[1], 1).unwrap();
    assert!(std::ptr::eq(again.as_ptr(), first));
    // A view whose geometry changed in place is not the parked geometry.
    again.as_strided_(&[4], &[1], 0).unwrap();
    drop(again);
    let fresh = base.as_strided(&[2], &[1], 1).unwrap();
    assert!(!std::ptr::eq(fresh.as_ptr(), first));
    assert_eq!((fresh.sizes(), fresh.storage_offset()), (vec![2], 1));
}

#[test]
fn a_parked_view_takes_the_grad_flags_of_its_new_making() {
    let base = t(&[0., 1., 2., 3.]);
    base.set_requires_grad(true).unwrap();
    let view = base.as_strided(&[2], &[1], 0).unwrap();
    assert!(view.requires_grad() && !view.is_leaf());
    let first = view.as_ptr();
    drop(view);
    crate::thread::set_grad_enabled(false);
    let again = base.as_strided(&[2], &[1], 0).unwrap();
    crate::thread::set_grad_enabled(true);
    assert!(std::ptr::eq(again.as_ptr(), first));
    assert!(again.requires_grad() && again.is_leaf(), "made under no_grad: a leaf");
    drop(again);
    base.set_requires_grad(false).unwrap();
    let again = base.as_strided(&[2], &[1], 0).unwrap();
    assert!(std::ptr::eq(again.as_ptr(), first));
    assert!(!again.requires_grad() && again.is_leaf());
}

#[test]
fn a_parked_view_keeps_alive_nothing_its_root_does_not() {
    let base = t(&[0.; 4]);
    let old = base.storage();
    drop(base.as_strided(&[2], &[1], 0).unwrap());
    // set_ moves the root to another storage: the parked view, over the
    // old one, goes with it.
    let other = t(&[1.; 4]);
    base.set_(&other).unwrap();
    assert_eq!(Arc::strong_count(&old), 1, "only this test holds the old storage");
    // Parked again, over the new storage: it goes with the root.
    let view = base.as_strided(&[2], &[1], 0).unwrap();
    assert_eq!(view.to_f64_vec().unwrap(), [1., 1.]);
    drop(view);
    let new = base.storage();
    drop(base);
    drop(other);
    assert_eq!(Arc::strong_count(&new), 1, "the root's drop freed its parked view");
}

#[test]
fn views_released_on_another_thread_are_freed_there_not_parked() {
    let base = t(&[0., 1., 2., 3.]);
    let view = base.as_strided(&[2], &[1], 0).unwrap();
    std::thread::spawn(move || drop(view)).join().unwrap();
    // Making an object merges what other threads sent back.
    drop(t(&[0.]));
    assert_eq!(base.handles(), 1);
    assert!(base.object().spare.get().is_null());
    let again = base.as_strided(&[2], &[1], 0).unwrap();
    assert_eq!(again.to_f64_vec().unwrap(), [0., 1.]);
}

#[test]
fn a_view_of_another_dtype_is_never_made_again_by_as_strided() {
    // view_dtype's view has the root as its `_base` too, and the same
    // geometry: it must not come back as the root's f32 view.
    let base = t(&[1., 2., 3., 4.]);
    let view = base.as_strided(&[2], &[1], 2).unwrap();
    let bits = view.view_dtype(DType::I32).unwrap();
    drop(view);
    let first = bits.as_ptr();
    drop(bits);
    let again = base.as_strided(&[2], &[1], 2).unwrap();
    assert!(!std::ptr::eq(again.as_ptr(), first));
    assert_eq!(again.dtype(), DType::F32);
    assert_eq!(again.to_f64_vec().unwrap(), [3., 4.]);
}
