// wrap.mark_dynamic: any subset of the dimensions, in any order; static
// dimensions may be marked too (PyTorch marks what the trace saw dynamic).
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?x2xf32>, %[[Y:[^:]*]]: !wrap.tensor<f32>)
// CHECK-NEXT:    wrap.mark_dynamic %[[X]] [1] : !wrap.tensor<4x?x2xf32>
// CHECK-NEXT:    wrap.mark_dynamic %[[X]] [2, 0] : !wrap.tensor<4x?x2xf32>
// CHECK-NEXT:    wrap.mark_dynamic %[[X]] [0, 1, 2] : !wrap.tensor<4x?x2xf32>
// CHECK-NEXT:    wrap.mark_dynamic %[[Y]] [] : !wrap.tensor<f32>
// CHECK-NEXT:    return
func.func @f(%x: !wrap.tensor<4x?x2xf32>, %y: !wrap.tensor<f32>) {
  wrap.mark_dynamic %x [1] : !wrap.tensor<4x?x2xf32>
  wrap.mark_dynamic %x [2, 0] : !wrap.tensor<4x?x2xf32>
  wrap.mark_dynamic %x [0, 1, 2] : !wrap.tensor<4x?x2xf32>
  wrap.mark_dynamic %y [] : !wrap.tensor<f32>
  return
}
