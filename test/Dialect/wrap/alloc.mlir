// wrap.alloc, wrap.empty_strided, wrap.free, wrap.reuse.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[N:[^:]*]]: index, %[[M:[^:]*]]: index)
// One size per dynamic dimension, none for a static shape.
// CHECK-NEXT:    %[[A:.*]] = wrap.alloc(%[[N]]) : !wrap.tensor<?x4xf32>
// CHECK-NEXT:    %[[A2:.*]] = wrap.alloc(%[[N]], %[[M]]) : !wrap.tensor<?x2x?xbf16, cuda>
// CHECK-NEXT:    %[[A3:.*]] = wrap.alloc() : !wrap.tensor<8xi8>
// CHECK-NEXT:    %[[A4:.*]] = wrap.alloc() : !wrap.tensor<f64>
// CHECK-NEXT:    %[[E:.*]] = wrap.empty_strided [%[[N]], 4] [4, 1] : !wrap.tensor<?x4xf32>
// CHECK-NEXT:    %[[E2:.*]] = wrap.empty_strided [4] [%[[M]]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[E3:.*]] = wrap.empty_strided [] [] : !wrap.tensor<i1>
// CHECK-NEXT:    wrap.free %[[A]] : !wrap.tensor<?x4xf32>
// CHECK-NEXT:    wrap.free %[[A2]] : !wrap.tensor<?x2x?xbf16, cuda>
// A reused buffer may be reinterpreted with another dtype and a smaller
// (or, when dynamic, unknown) size.
// CHECK-NEXT:    %[[R:.*]] = wrap.reuse %[[A3]] : !wrap.tensor<8xi8> -> !wrap.tensor<2xi32>
// CHECK-NEXT:    %[[R2:.*]] = wrap.reuse %[[E]] : !wrap.tensor<?x4xf32> -> !wrap.tensor<16xf32>
// CHECK-NEXT:    %[[R3:.*]] = wrap.reuse %[[E2]] : !wrap.tensor<4xf32> -> !wrap.tensor<?xf32>
// CHECK-NEXT:    return %[[R]], %[[R2]], %[[R3]], %[[A4]], %[[E3]] :
func.func @f(%n: index, %m: index) -> (!wrap.tensor<2xi32>, !wrap.tensor<16xf32>, !wrap.tensor<?xf32>, !wrap.tensor<f64>, !wrap.tensor<i1>) {
  %a = wrap.alloc(%n) : !wrap.tensor<?x4xf32>
  %a2 = wrap.alloc(%n, %m) : !wrap.tensor<?x2x?xbf16, cuda>
  %a3 = wrap.alloc() : !wrap.tensor<8xi8>
  %a4 = wrap.alloc() : !wrap.tensor<f64>
  %e = wrap.empty_strided [%n, 4] [4, 1] : !wrap.tensor<?x4xf32>
  %e2 = wrap.empty_strided [4] [%m] : !wrap.tensor<4xf32>
  %e3 = wrap.empty_strided [] [] : !wrap.tensor<i1>
  wrap.free %a : !wrap.tensor<?x4xf32>
  wrap.free %a2 : !wrap.tensor<?x2x?xbf16, cuda>
  %r = wrap.reuse %a3 : !wrap.tensor<8xi8> -> !wrap.tensor<2xi32>
  %r2 = wrap.reuse %e : !wrap.tensor<?x4xf32> -> !wrap.tensor<16xf32>
  %r3 = wrap.reuse %e2 : !wrap.tensor<4xf32> -> !wrap.tensor<?xf32>
  return %r, %r2, %r3, %a4, %e3 : !wrap.tensor<2xi32>, !wrap.tensor<16xf32>, !wrap.tensor<?xf32>, !wrap.tensor<f64>, !wrap.tensor<i1>
}

// The CUDA device a tensor is allocated on (Inductor's device='cuda:1');
// the default, 0, is not printed.
// CHECK-LABEL: func.func @on_device(
// CHECK-NEXT:    wrap.alloc() {device_index = 2 : i64} : !wrap.tensor<8xi8, cuda>
// CHECK-NEXT:    wrap.empty_strided [4] [1] {device_index = 1 : i64} : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT:    wrap.empty_strided [4] [1] : !wrap.tensor<4xf32, cuda>
func.func @on_device() -> (!wrap.tensor<8xi8, cuda>, !wrap.tensor<4xf32, cuda>, !wrap.tensor<4xf32, cuda>) {
  %a = wrap.alloc() {device_index = 2} : !wrap.tensor<8xi8, cuda>
  %e = wrap.empty_strided [4] [1] {device_index = 1} : !wrap.tensor<4xf32, cuda>
  %z = wrap.empty_strided [4] [1] {device_index = 0} : !wrap.tensor<4xf32, cuda>
  return %a, %e, %z : !wrap.tensor<8xi8, cuda>, !wrap.tensor<4xf32, cuda>, !wrap.tensor<4xf32, cuda>
}
