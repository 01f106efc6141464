// wrap.tensor.size / wrap.tensor.stride / wrap.tensor.offset.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?xf32>, %[[Y:[^:]*]]: !wrap.tensor<i8, cuda>) -> (index, index, index, index, index, index) {
// CHECK-NEXT:    %[[S0:.*]] = wrap.tensor.size %[[X]], 0 : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[S1:.*]] = wrap.tensor.size %[[X]], 1 : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[T0:.*]] = wrap.tensor.stride %[[X]], 0 : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[T1:.*]] = wrap.tensor.stride %[[X]], 1 : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[O:.*]] = wrap.tensor.offset %[[X]] : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[P:.*]] = wrap.tensor.offset %[[Y]] : !wrap.tensor<i8, cuda>
// CHECK-NEXT:    return %[[S0]], %[[S1]], %[[T0]], %[[T1]], %[[O]], %[[P]] : index, index, index, index, index, index
func.func @f(%x: !wrap.tensor<4x?xf32>, %y: !wrap.tensor<i8, cuda>) -> (index, index, index, index, index, index) {
  %s0 = wrap.tensor.size %x, 0 : !wrap.tensor<4x?xf32>
  %s1 = wrap.tensor.size %x, 1 : !wrap.tensor<4x?xf32>
  %t0 = wrap.tensor.stride %x, 0 : !wrap.tensor<4x?xf32>
  %t1 = wrap.tensor.stride %x, 1 : !wrap.tensor<4x?xf32>
  %o = wrap.tensor.offset %x : !wrap.tensor<4x?xf32>
  %p = wrap.tensor.offset %y : !wrap.tensor<i8, cuda>
  return %s0, %s1, %t0, %t1, %o, %p : index, index, index, index, index, index
}
