// wrap.assert_finite, wrap.assert_size_stride, wrap.device_guard.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4x?xf32, cuda>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: index) {
// CHECK-NEXT: wrap.device_guard 1 {
// CHECK-NEXT: wrap.assert_finite %[[V0_ARG0]], "buf0" : !wrap.tensor<4x?xf32, cuda>
// CHECK-NEXT: wrap.assert_size_stride %[[V0_ARG0]] [4, %[[V1_ARG1]]] [%[[V1_ARG1]], 1] : !wrap.tensor<4x?xf32, cuda>
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x: !wrap.tensor<4x?xf32, cuda>, %n: index) {
  wrap.device_guard 1 {
    wrap.assert_finite %x, "buf0" : !wrap.tensor<4x?xf32, cuda>
    wrap.assert_size_stride %x [4, %n] [%n, 1] : !wrap.tensor<4x?xf32, cuda>
  }
  return
}
