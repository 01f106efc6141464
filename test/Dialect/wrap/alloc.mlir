// wrap.alloc, wrap.empty_strided, wrap.free, wrap.reuse, wrap.reinterpret.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: index) -> (!wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>) {
// CHECK-NEXT: %[[V1_0:[a-zA-Z0-9_#]+]] = wrap.alloc(%[[V0_ARG0]]) : !wrap.tensor<?x4xf32>
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_#]+]] = wrap.empty_strided [%[[V0_ARG0]], 4] [4, 1] : !wrap.tensor<?x4xf32>
// CHECK-NEXT: %[[V3_2:[a-zA-Z0-9_#]+]] = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.free %[[V1_0]] : !wrap.tensor<?x4xf32>
// CHECK-NEXT: %[[V4_3:[a-zA-Z0-9_#]+]] = wrap.reuse %[[V3_2]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
// CHECK-NEXT: %[[V5_4:[a-zA-Z0-9_#]+]] = wrap.reinterpret %[[V2_1]] [2, 2] [4, 1] 4 : !wrap.tensor<?x4xf32> -> !wrap.tensor<2x2xf32>
// CHECK-NEXT: return %[[V4_3]], %[[V5_4]] : !wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%n: index) -> (!wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>) {
  %a = wrap.alloc(%n) : !wrap.tensor<?x4xf32>
  %e = wrap.empty_strided [%n, 4] [4, 1] : !wrap.tensor<?x4xf32>
  %s = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.free %a : !wrap.tensor<?x4xf32>
  %r = wrap.reuse %s : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  %v = wrap.reinterpret %e [2, 2] [4, 1] 4 : !wrap.tensor<?x4xf32> -> !wrap.tensor<2x2xf32>
  return %r, %v : !wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>
}
