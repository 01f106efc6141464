// wrap.view_dtype.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>) -> !wrap.tensor<4xi32> {
// CHECK-NEXT: %[[V1_0:[a-zA-Z0-9_#]+]] = wrap.view_dtype %[[V0_ARG0]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
// CHECK-NEXT: return %[[V1_0]] : !wrap.tensor<4xi32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xi32> {
  %v = wrap.view_dtype %x : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  return %v : !wrap.tensor<4xi32>
}
