//! Unit tests of tensor objects: header layout, views, copies, autograd flags.

use super::*;

fn t(values: &[f64]) -> Tensor {
    Tensor::from_f64s(&[values.len() as i64], DType::F32, values).unwrap()
}

#[test]
fn header_layout_is_the_c_abi() {
    // wrt_tensor_header in include/wrapc_runtime.h, and the LLVM struct
    // convert-wrap-to-llvm reads: (i32, i32, i64, i64, [8 x i64], [8 x i64], ptr).
    use super::header::*;
    let abi = &wrapc_abi::TENSOR_HEADER;
    // In wrapc_abi's field order.
    let ours = [DTYPE, DEVICE_KIND, RANK, OFFSET, SIZES, STRIDES, VERSION, DATA, DEVICE_INDEX, SUBCLASS, BORROWED];
    let theirs: Vec<usize> = abi.fields.iter().map(|(name, _)| abi.offset(name)).collect();
    assert_eq!(ours.to_vec(), theirs);
}

#[test]
fn handles_are_counted_across_threads() {
    // Views made on some threads and dropped on others (their memory goes
    // to the dropping thread's pool), clones raced on one object: every
    // reference is given back exactly once.
    let base = t(&[0., 1., 2., 3.]);
    let (send, receive) = std::sync::mpsc::channel::<Tensor>();
    let dropper = std::thread::spawn(move || receive.into_iter().count());
    let makers: Vec<_> = (0..4)
        .map(|_| {
            let (base, send) = (base.clone(), send.clone());
            std::thread::spawn(move || {
                for i in 0..2_000 {
                    let view = base.as_strided(&[2], &[1], i % 3).unwrap();
                    let again = view.clone();
                    assert!(Tensor::same_tensor(&view.view_base().unwrap(), &base));
                    if i % 2 == 0 {
                        send.send(view).unwrap();
                    }
                    drop(again);
                }
            })
        })
        .collect();
    drop(send);
    for maker in makers {
        maker.join().unwrap();
    }
    assert_eq!(dropper.join().unwrap(), 4 * 1_000);
    assert_eq!(base.handles(), 1, "every view's reference to its base is back");
}

#[test]
fn objects_dropped_while_a_thread_exits_are_freed() {
    // A thread-local's destructor may run after the object pool's: the
    // object then goes straight back to the allocator.
    thread_local! {
        static KEPT: std::cell::RefCell<Vec<Tensor>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let base = t(&[1., 2.]);
    let held = base.clone();
    std::thread::spawn(move || {
        let view = held.as_strided(&[1], &[1], 1).unwrap();
        KEPT.with(|kept| kept.borrow_mut().extend([held, view]));
        drop(base_view_of_a_fresh_tensor());
    })
    .join()
    .unwrap();
    assert_eq!(base.handles(), 1);
}

fn base_view_of_a_fresh_tensor() -> Tensor {
    t(&[5.]).as_strided(&[1], &[1], 0).unwrap()
}

#[test]
fn set_keeps_earlier_views_on_the_old_storage() {
    // A view shares its base's storage and counter through one `Backing`;
    // `set_` gives the base a new one over the source's storage with the
    // same counter.
    let x = t(&[1., 2., 3.]);
    let view = x.as_strided(&[2], &[1], 1).unwrap();
    x.set_(&t(&[7., 8.])).unwrap();
    assert_eq!(view.to_f64_vec().unwrap(), vec![2., 3.]);
    assert_eq!(x.to_f64_vec().unwrap(), vec![7., 8.]);
    assert_ne!(view.storage_id(), x.storage_id());
    let before = view.version();
    x.bump_version();
    assert_eq!(view.version(), before + 1, "the view and its base still share one counter");
}

#[test]
fn header_mirrors_geometry_after_in_place_changes() {
    let x = t(&[0., 1., 2., 3., 4., 5.]);
    x.as_strided_(&[2, 3], &[1, 2], 0).unwrap();
    assert!(x.has_signature(DType::F32, false, &[2, 3]));
    assert!(x.has_signature(DType::F32, false, &[-1, 3]));
    assert!(!x.has_signature(DType::F32, false, &[6]));
    x.set_(&t(&[1., 2.])).unwrap();
    assert!(x.has_signature(DType::F32, false, &[2]));
    assert!(matches!(Tensor::empty(&[1; 9], DType::F32, Device::Host), Err(RuntimeError::Unsupported(_))));
}

#[test]
fn views_share_storage_and_version() {
    let base = t(&[0., 1., 2., 3., 4., 5.]);
    let view = base.as_strided(&[2, 3], &[3, 1], 0).unwrap();
    assert_eq!(view.storage_id(), base.storage_id());
    view.bump_version();
    assert_eq!(base.version(), 1);
    let transposed = base.as_strided(&[3, 2], &[1, 3], 0).unwrap();
    assert_eq!(transposed.to_f64_vec().unwrap(), vec![0., 3., 1., 4., 2., 5.]);
}

#[test]
fn out_of_bounds_views_are_errors() {
    let base = t(&[0., 1., 2.]);
    assert!(base.as_strided(&[2], &[2], 0).is_ok());
    assert!(matches!(base.as_strided(&[2], &[3], 0), Err(RuntimeError::Bounds(_))));
    assert!(matches!(base.as_strided_(&[4], &[1], 0), Err(RuntimeError::Bounds(_))));
    assert!(base.as_strided(&[0], &[1], 7).is_ok(), "an empty view reaches nothing");
}

#[test]
fn detach_shares_storage_and_version_but_not_grad() {
    let x = t(&[1., 2.]);
    x.set_requires_grad(true).unwrap();
    let d = x.detach();
    assert!(!d.requires_grad() && d.is_leaf());
    d.copy_(&t(&[5., 6.])).unwrap();
    assert_eq!(x.to_f64_vec().unwrap(), vec![5., 6.]);
    assert_eq!(x.version(), 1);
}

#[test]
fn set_keeps_own_version_counter() {
    let x = t(&[1., 2.]);
    let y = t(&[3., 4., 5.]);
    x.set_(&y).unwrap();
    assert_eq!(x.storage_id(), y.storage_id());
    assert_eq!((x.version(), y.version()), (1, 0));
    assert_eq!(x.sizes(), vec![3]);
}

#[test]
fn copy_converts_broadcasts_and_handles_overlap() {
    let dst = Tensor::empty(&[2, 2], DType::I32, Device::Host).unwrap();
    dst.copy_(&Tensor::from_f64s(&[2], DType::F64, &[1.9, -2.0]).unwrap()).unwrap();
    assert_eq!(dst.to_f64_vec().unwrap(), vec![1., -2., 1., -2.]);
    let x = t(&[0., 1., 2., 3.]);
    let shifted = x.as_strided(&[3], &[1], 1).unwrap();
    let head = x.as_strided(&[3], &[1], 0).unwrap();
    head.copy_(&shifted).unwrap();
    assert_eq!(x.to_f64_vec().unwrap(), vec![1., 2., 3., 3.]);
    assert!(matches!(dst.copy_(&t(&[1., 2., 3.])), Err(RuntimeError::Shape(_))));
}

#[test]
fn integer_copies_wrap_as_pytorchs_casts() {
    let wide = Tensor::from_f64s(&[4], DType::I64, &[300., -1., 65537., 7.]).unwrap();
    let bytes = Tensor::empty(&[4], DType::U8, Device::Host).unwrap();
    bytes.copy_(&wide).unwrap();
    assert_eq!(bytes.to_f64_vec().unwrap(), vec![44., 255., 1., 7.]);
    let shorts = Tensor::empty(&[4], DType::I16, Device::Host).unwrap();
    shorts.copy_(&wide).unwrap();
    assert_eq!(shorts.to_f64_vec().unwrap(), vec![300., -1., 1., 7.]);
    let small = Tensor::empty(&[4], DType::I8, Device::Host).unwrap();
    small.copy_(&wide).unwrap();
    assert_eq!(small.to_f64_vec().unwrap(), vec![44., -1., 1., 7.]);
}

#[test]
fn views_have_a_grad_fn_only_in_grad_mode() {
    // PyTorch 2.11: `with torch.no_grad(): v = x.view(-1)` for an x that
    // requires grad gives v.requires_grad == True and v.is_leaf == True.
    let x = t(&[1., 2.]);
    x.set_requires_grad(true).unwrap();
    let v = x.as_strided(&[2], &[1], 0).unwrap();
    assert!(v.requires_grad() && !v.is_leaf());
    crate::set_grad_enabled(false);
    let v = x.as_strided(&[2], &[1], 0).unwrap();
    crate::set_grad_enabled(true);
    assert!(v.requires_grad() && v.is_leaf());
}

#[test]
fn dtype_views_that_change_the_element_size() {
    // torch.arange(8, dtype=torch.float32).view(2, 4)
    let x = Tensor::from_f64s(&[2, 4], DType::F32, &[0., 1., 2., 3., 4., 5., 6., 7.]).unwrap();
    let h = x.view_dtype(DType::F16).unwrap();
    assert_eq!((h.sizes(), h.strides(), h.storage_offset()), (vec![2, 8], vec![8, 1], 0));
    let back = h.view_dtype(DType::F32).unwrap();
    assert_eq!((back.sizes(), back.strides()), (vec![2, 4], vec![4, 1]));
    let wide = x.view_dtype(DType::F64).unwrap();
    assert_eq!((wide.sizes(), wide.strides()), (vec![2, 2], vec![2, 1]));
    assert_eq!(wide.storage_id(), x.storage_id());
    // The messages follow ATen's checks.
    let column = x.as_strided(&[2, 3], &[4, 1], 1).unwrap();
    assert!(column.view_dtype(DType::F64).unwrap_err().to_string().contains("last size 3 must be a multiple of 2"));
    let odd = x.as_strided(&[2, 2], &[4, 1], 1).unwrap();
    assert!(odd.view_dtype(DType::F64).unwrap_err().to_string().contains("storage offset 1"));
    let t = x.as_strided(&[4, 2], &[1, 4], 0).unwrap();
    assert!(t.view_dtype(DType::I8).unwrap_err().to_string().contains("stride 1"));
    let scalar = Tensor::from_f64s(&[], DType::F32, &[1.]).unwrap();
    assert!(scalar.view_dtype(DType::F16).unwrap_err().to_string().contains("0-d"));
}

#[test]
fn requires_grad_rules() {
    let i = Tensor::from_f64s(&[1], DType::I64, &[1.]).unwrap();
    assert!(i.set_requires_grad(true).is_err());
    let x = t(&[1.]);
    x.set_requires_grad(true).unwrap();
    let view = x.as_strided(&[1], &[1], 0).unwrap();
    assert!(!view.is_leaf());
    assert!(view.set_requires_grad(false).is_err());
}

#[test]
fn autograd_function_outputs() {
    // A differentiable float output gets a grad_fn; one marked
    // non-differentiable, or an integer one, stays a leaf without grad.
    let out = t(&[1.0, 2.0]);
    out.mark_differentiable(true);
    assert!(out.requires_grad() && !out.is_leaf());
    out.mark_differentiable(false);
    assert!(!out.requires_grad() && out.is_leaf());
    let ints = Tensor::from_f64s(&[2], DType::I64, &[1.0, 2.0]).unwrap();
    ints.mark_differentiable(true);
    assert!(!ints.requires_grad() && ints.is_leaf());
}

#[test]
fn copy_between_transposed_views() {
    let src = t(&[0., 1., 2., 3., 4., 5.]);
    let src_t = src.as_strided(&[3, 2], &[1, 3], 0).unwrap();
    let dst = Tensor::empty(&[2, 3], DType::F32, Device::Host).unwrap();
    let dst_t = dst.as_strided(&[3, 2], &[1, 3], 0).unwrap();
    dst_t.copy_(&src_t).unwrap();
    assert_eq!(dst.to_f64_vec().unwrap(), vec![0., 1., 2., 3., 4., 5.]);
    assert_eq!(dst.version(), 1, "the view's copy bumps the shared counter");
}

#[test]
fn mark_dynamic_records_dims_and_checks_range() {
    let x = Tensor::empty(&[2, 3], DType::F32, Device::Host).unwrap();
    x.mark_dynamic(1).unwrap();
    x.mark_dynamic(1).unwrap();
    assert_eq!(x.dynamic_dims(), vec![1]);
    assert!(matches!(x.mark_dynamic(2), Err(RuntimeError::Argument(_))));
    assert!(x.detach().dynamic_dims().is_empty(), "marks belong to the tensor object");
}

#[test]
fn grad_mode_is_per_thread() {
    crate::set_grad_enabled(false);
    assert!(std::thread::spawn(crate::grad_enabled).join().unwrap());
    crate::set_grad_enabled(true);
}

#[test]
fn dtype_views_and_half_precision() {
    let x = Tensor::from_f64s(&[2], DType::BF16, &[1.5, -2.0]).unwrap();
    assert_eq!(x.to_f64_vec().unwrap(), vec![1.5, -2.0]);
    let as_f16 = x.view_dtype(DType::F16).unwrap();
    assert_eq!(as_f16.storage_id(), x.storage_id());
    assert_eq!(x.view_dtype(DType::F32).unwrap().sizes(), vec![1]);
    let odd = Tensor::from_f64s(&[3], DType::BF16, &[1.0, 2.0, 3.0]).unwrap();
    assert!(odd.view_dtype(DType::F32).is_err());
}

#[test]
fn a_copy_under_grad_mode_records_as_autograd_does() {
    // dst.copy_(src) with src requiring grad: dst gets a grad_fn (requires
    // grad, not a leaf), and so does the base of a view written through.
    let src = t(&[1., 2.]);
    src.set_requires_grad(true).unwrap();
    let dst = t(&[0., 0.]);
    dst.copy_(&src).unwrap();
    assert!(dst.requires_grad() && !dst.is_leaf());
    let base = t(&[0., 0., 0.]);
    let view = base.as_strided(&[2], &[1], 1).unwrap();
    view.copy_(&src).unwrap();
    assert!(view.requires_grad() && base.requires_grad() && !base.is_leaf());
    // Nothing is recorded without grad mode, or from a source without grad.
    crate::set_grad_enabled(false);
    let quiet = t(&[0., 0.]);
    quiet.copy_(&src).unwrap();
    crate::set_grad_enabled(true);
    assert!(!quiet.requires_grad() && quiet.is_leaf());
    let plain = t(&[0., 0.]);
    plain.copy_(&t(&[3., 4.])).unwrap();
    assert!(!plain.requires_grad() && plain.is_leaf());
    assert_eq!(plain.to_f64_vec().unwrap(), [3., 4.]);
}

#[test]
fn a_copy_into_a_leaf_detaches_when_it_requires_grad() {
    let src = t(&[1., 2.]);
    src.set_requires_grad(true).unwrap();
    // A leaf that requires grad: the copy is hidden from autograd (it stays
    // a leaf), the data and the version move.
    let leaf = t(&[0., 0.]);
    leaf.set_requires_grad(true).unwrap();
    leaf.leaf_copy_(&src).unwrap();
    assert!(leaf.requires_grad() && leaf.is_leaf());
    assert_eq!((leaf.to_f64_vec().unwrap(), leaf.version()), (vec![1., 2.], 1));
    // A leaf that does not (buf.copy_(w * 2)): recorded, as copy_.
    let buffer = t(&[0., 0.]);
    buffer.leaf_copy_(&src).unwrap();
    assert!(buffer.requires_grad() && !buffer.is_leaf());
    assert_eq!((buffer.to_f64_vec().unwrap(), buffer.version()), (vec![1., 2.], 1));
}

#[test]
fn setting_view_bases_both_ways_on_two_threads_does_not_deadlock() {
    // An embedder mirrors two views of one storage on two threads, each
    // naming the other as its base: set_view_base locked the base and then
    // the view, so the two orders deadlocked.
    let base = t(&[0., 1., 2., 3.]);
    let (a, b) = (base.as_strided(&[2], &[1], 0).unwrap(), base.as_strided(&[2], &[1], 2).unwrap());
    let (done, finished) = std::sync::mpsc::channel();
    for (view, other) in [(a.clone(), b.clone()), (b, a)] {
        let done = done.clone();
        std::thread::spawn(move || {
            for _ in 0..200_000 {
                // Either order may be refused (a tensor cannot be its own
                // base once the other took it as its root); it must return.
                let _ = view.set_view_base(&other);
            }
            done.send(()).unwrap();
        });
    }
    for _ in 0..2 {
        finished.recv_timeout(std::time::Duration::from_secs(60)).expect("set_view_base deadlocked");
    }
}

#[test]
fn storage_ids_read_without_the_lock_agree_with_the_locked_read() {
    // On the owning thread the id is read from the state without the lock;
    // on another thread under it. Both follow a set_ that replaces the
    // storage, made on either thread.
    let x = t(&[1.0, 2.0, 3.0]);
    let y = t(&[4.0]);
    let view = x.as_strided(&[2], &[1], 1).unwrap();
    assert_eq!(view.storage_id(), x.storage_id());
    assert_ne!(y.storage_id(), x.storage_id());
    let locked = |t: &Tensor| Arc::as_ptr(t.lock().storage()) as usize;
    assert_eq!(x.storage_id(), locked(&x));
    let (xs, ys) = (x.clone(), y.clone());
    let elsewhere = std::thread::spawn(move || {
        let before = xs.storage_id();
        xs.set_(&ys).unwrap();
        (before, xs.storage_id())
    })
    .join()
    .unwrap();
    assert_eq!(elsewhere, (locked(&view), y.storage_id()));
    assert_eq!(x.storage_id(), y.storage_id());
    assert_eq!(x.storage_id(), locked(&x));
    assert_eq!(view.storage_id(), locked(&view));
}
