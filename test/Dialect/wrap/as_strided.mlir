// wrap.as_strided with static and dynamic sizes, strides and offset.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<16xf32>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: index, %[[V2_ARG2:[a-zA-Z0-9_#]+]]: index, %[[V3_ARG3:[a-zA-Z0-9_#]+]]: index) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>) {
// CHECK-NEXT: %[[V4_0:[a-zA-Z0-9_#]+]] = wrap.as_strided %[[V0_ARG0]] [4, %[[V1_ARG1]]] [1, %[[V2_ARG2]]] %[[V3_ARG3]] : !wrap.tensor<16xf32> -> !wrap.tensor<4x?xf32>
// CHECK-NEXT: %[[V5_1:[a-zA-Z0-9_#]+]] = wrap.as_strided %[[V0_ARG0]] [2] [3] 1 : !wrap.tensor<16xf32> -> !wrap.tensor<2xf32>
// CHECK-NEXT: return %[[V4_0]], %[[V5_1]] : !wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%base: !wrap.tensor<16xf32>, %n: index, %s: index, %o: index) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>) {
  %v = wrap.as_strided %base [4, %n] [1, %s] %o : !wrap.tensor<16xf32> -> !wrap.tensor<4x?xf32>
  %w = wrap.as_strided %base [2] [3] 1 : !wrap.tensor<16xf32> -> !wrap.tensor<2xf32>
  return %v, %w : !wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>
}
