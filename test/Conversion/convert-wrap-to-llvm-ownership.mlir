// RUN: wrapc-opt %s --split-input-file --convert-wrap-to-llvm | FileCheck %s

// The ownership analysis decides how each returned value reaches the
// caller: an owned one is handed over once (%a, first), a value the
// function no longer or never owned gets a new reference (%a again, the
// argument %x), an integer is boxed; an owned value not returned (%b) is
// released after the results are stored. A reference made for the return
// is released by a later failure of the return.
// CHECK-LABEL: func.func @handoffs(
// CHECK:         llvm.call @wrt_empty_strided(
// CHECK:         %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.call @wrt_empty_strided(
// CHECK:         %[[B:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[OUT0:.*]] = llvm.getelementptr %arg2[0]
// CHECK-NEXT:    llvm.store %[[A]], %[[OUT0]]
// CHECK-NEXT:    llvm.call @wrt_tensor_retain(%[[A]],
// CHECK:         %[[A2:.*]] = llvm.load
// CHECK:         llvm.store %[[A2]],
// CHECK-NEXT:    llvm.call @wrt_tensor_retain(%[[X:[0-9]+]],
// CHECK:         ^[[EXIT_A2:bb[0-9]+]](%[[S:.*]]: i32):
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[A2]])
// CHECK:         llvm.call @wrt_scalar_from_i64(
// CHECK:         %[[N:.*]] = llvm.load
// CHECK:         llvm.store %[[N]],
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[B]])
// CHECK-NEXT:    return %c0_i32 : i32
func.func @handoffs(%x: !wrap.tensor<4xf32>, %n: index)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index) {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %b = wrap.alloc() : !wrap.tensor<4xf32>
  return %a, %a, %x, %n : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index
}

// -----

// Reusing an owned buffer ends its reference after the new view is made;
// reusing an argument's buffer ends none of ours.
// CHECK-LABEL: func.func @reuse(
// CHECK:         llvm.call @wrt_empty_strided(
// CHECK:         %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.call @wrt_as_strided(%[[A]],
// CHECK:         %[[V:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[A]])
// CHECK:         llvm.call @wrt_as_strided(%[[X:[0-9]+]],
// CHECK:         %[[W:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[W]])
// CHECK-NOT:     wrt_tensor_release
// CHECK:         return %c0_i32 : i32
func.func @reuse(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<2x2xf32> {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %v = wrap.reuse %a : !wrap.tensor<4xf32> -> !wrap.tensor<2x2xf32>
  %w = wrap.reuse %x : !wrap.tensor<4xf32> -> !wrap.tensor<2x2xf32>
  wrap.free %w : !wrap.tensor<2x2xf32>
  return %v : !wrap.tensor<2x2xf32>
}

// -----

// Every reference a call hands back is owned before its integers are
// unboxed: a failed unboxing releases the tensor result too, not only the
// boxed integer.
// CHECK-LABEL: func.func @caller(
// CHECK:         call @sized(
// CHECK:         %[[BOXED:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[Y:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:    llvm.call @wrt_scalar_i64(%[[BOXED]],
// CHECK:         ^[[EXIT_BOXED:bb[0-9]+]](%{{.*}}: i32):
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[BOXED]])
// CHECK:         ^{{bb[0-9]+}}(%[[S:.*]]: i32):
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[Y]])
// CHECK-NEXT:    llvm.br ^[[EXIT_BOXED]](%[[S]] : i32)
func.func private @sized(%x: !wrap.tensor<?xf32>) -> (index, !wrap.tensor<?xf32>) {
  %n = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  %y = wrap.detach %x : !wrap.tensor<?xf32>
  return %n, %y : index, !wrap.tensor<?xf32>
}
func.func @caller(%x: !wrap.tensor<?xf32>) -> index {
  %n, %y = call @sized(%x) : (!wrap.tensor<?xf32>) -> (index, !wrap.tensor<?xf32>)
  return %n : index
}

// -----

// A callee that hands back its caller's own tensor: the result is that
// tensor, so freeing it ends the caller's one reference to the buffer (the
// function owns it), once.
// CHECK-LABEL: func.func @frees_what_came_back(
// CHECK:         llvm.call @wrt_empty_strided(
// CHECK:         %[[A:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         call @__wrapc_unchecked_same(
// CHECK:         ^{{bb[0-9]+}}(%{{.*}}: i32):
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[A]])
// CHECK:         ^{{bb[0-9]+}}:
// CHECK-NEXT:    llvm.call @wrt_tensor_release(%[[A]])
// CHECK-NEXT:    return %c0_i32 : i32
func.func @same(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
func.func @frees_what_came_back() {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %r = call @same(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  wrap.free %r : !wrap.tensor<4xf32>
  return
}
