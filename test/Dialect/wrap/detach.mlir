// wrap.detach: same type in and out, chains.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?xf32>, %[[Y:[^:]*]]: !wrap.tensor<f16, cuda>) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<f16, cuda>) {
// CHECK-NEXT:    %[[D:.*]] = wrap.detach %[[X]] : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[DD:.*]] = wrap.detach %[[D]] : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[E:.*]] = wrap.detach %[[Y]] : !wrap.tensor<f16, cuda>
// CHECK-NEXT:    return %[[DD]], %[[E]] : !wrap.tensor<4x?xf32>, !wrap.tensor<f16, cuda>
func.func @f(%x: !wrap.tensor<4x?xf32>, %y: !wrap.tensor<f16, cuda>) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<f16, cuda>) {
  %d = wrap.detach %x : !wrap.tensor<4x?xf32>
  %dd = wrap.detach %d : !wrap.tensor<4x?xf32>
  %e = wrap.detach %y : !wrap.tensor<f16, cuda>
  return %dd, %e : !wrap.tensor<4x?xf32>, !wrap.tensor<f16, cuda>
}
