// wrap.tensor.size / .stride / .offset, wrap.mark_dynamic, wrap.null.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4x?xf32>) -> (index, index, index, !wrap.tensor<2xf32>) {
// CHECK-NEXT: %[[V1_0:[a-zA-Z0-9_#]+]] = wrap.tensor.size %[[V0_ARG0]], 1 : !wrap.tensor<4x?xf32>
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_#]+]] = wrap.tensor.stride %[[V0_ARG0]], 0 : !wrap.tensor<4x?xf32>
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_#]+]] = wrap.tensor.offset %[[V0_ARG0]] : !wrap.tensor<4x?xf32>
// CHECK-NEXT: wrap.mark_dynamic %[[V0_ARG0]] [0, 1] : !wrap.tensor<4x?xf32>
// CHECK-NEXT: %[[V4_3:[a-zA-Z0-9_#]+]] = wrap.null : !wrap.tensor<2xf32>
// CHECK-NEXT: return %[[V1_0]], %[[V2_1]], %[[V3_2]], %[[V4_3]] : index, index, index, !wrap.tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x: !wrap.tensor<4x?xf32>) -> (index, index, index, !wrap.tensor<2xf32>) {
  %s = wrap.tensor.size %x, 1 : !wrap.tensor<4x?xf32>
  %t = wrap.tensor.stride %x, 0 : !wrap.tensor<4x?xf32>
  %o = wrap.tensor.offset %x : !wrap.tensor<4x?xf32>
  wrap.mark_dynamic %x [0, 1] : !wrap.tensor<4x?xf32>
  %z = wrap.null : !wrap.tensor<2xf32>
  return %s, %t, %o, %z : index, index, index, !wrap.tensor<2xf32>
}
