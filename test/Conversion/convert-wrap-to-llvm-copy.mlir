// convert-wrap-to-llvm on the mutation epilogue's copies: between host
// tensors of one static shape and dtype the copy is inline — the runtime
// rank and sizes of both checked against the static ones (an as_strided_ or
// set_ earlier in the wrapper may have changed them, and the memmove's
// length is static), their strides against the row-major ones (dimensions of one
// element skipped, as PyTorch's is_contiguous skips them), then a memmove
// (the two may overlap) and an atomic bump of the destination's version —
// with the runtime's copy as the fallback for any other layout. Dynamic
// shapes, dtype conversions and GPU tensors always call the runtime.
// RUN: wrapc-opt %s -split-input-file --convert-wrap-to-llvm | FileCheck %s

// Constants are made once per function, at the top of its entry block.
// CHECK-LABEL: func.func @contiguous(
// CHECK:         %c32_i64 = arith.constant 32 : i64
// CHECK:         llvm.getelementptr %[[DST:[0-9]+]][0, 2]
// CHECK:         llvm.icmp "eq" %{{.*}}, %c3_i64
// CHECK:         llvm.getelementptr %[[DST]][0, 4, 0]
// CHECK:         llvm.getelementptr %[[DST]][0, 4, 1]
// CHECK:         llvm.getelementptr %[[DST]][0, 4, 2]
// CHECK:         llvm.getelementptr %[[SRC:[0-9]+]][0, 2]
// CHECK:         llvm.getelementptr %[[SRC]][0, 4, 2]
// CHECK:         llvm.getelementptr %[[DST]][0, 5, 2]
// CHECK:         llvm.getelementptr %[[SRC]][0, 5, 2]
// CHECK:         llvm.icmp "eq" %{{.*}}, %c1_i64
// CHECK-NOT:     [0, 5, 1]
// CHECK:         llvm.getelementptr %[[DST]][0, 5, 0]
// CHECK:         llvm.getelementptr %[[SRC]][0, 5, 0]
// CHECK:         llvm.icmp "eq" %{{.*}}, %c4_i64
// CHECK:         llvm.cond_br %{{.*}}, ^[[FAST:.*]], ^[[SLOW:.*]]
// CHECK:       ^[[FAST]]:
// CHECK:         "llvm.intr.memmove"(%{{.*}}, %{{.*}}, %c32_i64) <{isVolatile = false}>
// CHECK:         %[[COUNTER:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         llvm.atomicrmw add %[[COUNTER]], %{{.*}} seq_cst
// CHECK:         llvm.br ^[[DONE:.*]]
// CHECK:       ^[[SLOW]]:
// CHECK:         call @wrt_copy_(%[[DST]], %[[SRC]])
// CHECK:       ^[[DONE]]:
func.func @contiguous(%dst: !wrap.tensor<2x1x4xf32>, %src: !wrap.tensor<2x1x4xf32>) {
  wrap.copy_inplace %dst, %src : !wrap.tensor<2x1x4xf32>, !wrap.tensor<2x1x4xf32>
  return
}

// -----

// detach().copy_ moves the same data and bumps the same counter.
// CHECK-LABEL: func.func @detached(
// CHECK:         "llvm.intr.memmove"
// CHECK:         call @wrt_detach_copy_(
func.func @detached(%dst: !wrap.tensor<3xi64>, %src: !wrap.tensor<3xi64>) {
  wrap.detach_copy_inplace %dst, %src : !wrap.tensor<3xi64>, !wrap.tensor<3xi64>
  return
}

// -----

// A copy autograd records goes to the runtime whatever its shape: an
// embedder's copy_ gives the destination its grad_fn.
// CHECK-LABEL: func.func @runtime_only(
// CHECK-NOT:     llvm.intr.memmove
// CHECK:         call @wrt_copy_(
// CHECK:         call @wrt_copy_(
// CHECK:         call @wrt_copy_(
// CHECK:         call @wrt_copy_(
// A copy into a leaf: the runtime tests orig.requires_grad.
// CHECK:         call @wrt_leaf_copy_(
// CHECK-NOT:     llvm.intr.memmove
func.func @runtime_only(%d: !wrap.tensor<?xf32>, %s: !wrap.tensor<?xf32>, %i: !wrap.tensor<4xf32>,
                        %h: !wrap.tensor<4xf16>, %g: !wrap.tensor<4xf32, cuda>, %g2: !wrap.tensor<4xf32, cuda>,
                        %a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  wrap.copy_inplace %d, %s : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.copy_inplace %i, %h : !wrap.tensor<4xf32>, !wrap.tensor<4xf16>
  wrap.copy_inplace %g, %g2 : !wrap.tensor<4xf32, cuda>, !wrap.tensor<4xf32, cuda>
  wrap.copy_inplace %a, %b {autograd} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.copy_inplace %a, %b {leaf} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}
