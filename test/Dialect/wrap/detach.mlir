// wrap.detach, wrap.set_requires_grad, wrap.patch_requires_grad.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: !wrap.tensor<8xf32>) -> !wrap.tensor<4xf32> {
// CHECK-NEXT: %[[V2_0:[a-zA-Z0-9_#]+]] = wrap.detach %[[V0_ARG0]] : !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.set_requires_grad %[[V2_0]], true : !wrap.tensor<4xf32>
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_#]+]] = wrap.patch_requires_grad %[[V2_0]] from %[[V1_ARG1]], false : !wrap.tensor<4xf32>, !wrap.tensor<8xf32>
// CHECK-NEXT: return %[[V3_1]] : !wrap.tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x: !wrap.tensor<4xf32>, %base: !wrap.tensor<8xf32>) -> !wrap.tensor<4xf32> {
  %d = wrap.detach %x : !wrap.tensor<4xf32>
  wrap.set_requires_grad %d, true : !wrap.tensor<4xf32>
  %p = wrap.patch_requires_grad %d from %base, false : !wrap.tensor<4xf32>, !wrap.tensor<8xf32>
  return %p : !wrap.tensor<4xf32>
}
