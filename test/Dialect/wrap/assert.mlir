// wrap.assert_finite and wrap.assert_size_stride.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?xf32, cuda>, %[[N:[^:]*]]: index, %[[S:[^:]*]]: !wrap.tensor<bf16>)
// CHECK-NEXT:    wrap.assert_finite %[[X]], "buf0" : !wrap.tensor<4x?xf32, cuda>
// Quotes in the name print as \22 escapes.
// CHECK-NEXT:    wrap.assert_finite %[[S]], "a \22quoted\22 name" : !wrap.tensor<bf16>
// CHECK-NEXT:    wrap.assert_size_stride %[[X]] [4, %[[N]]] [%[[N]], 1] : !wrap.tensor<4x?xf32, cuda>
// CHECK-NEXT:    wrap.assert_size_stride %[[X]] [4, 8] [8, 1] : !wrap.tensor<4x?xf32, cuda>
// CHECK-NEXT:    wrap.assert_size_stride %[[S]] [] [] : !wrap.tensor<bf16>
// CHECK-NEXT:    return
func.func @f(%x: !wrap.tensor<4x?xf32, cuda>, %n: index, %s: !wrap.tensor<bf16>) {
  wrap.assert_finite %x, "buf0" : !wrap.tensor<4x?xf32, cuda>
  wrap.assert_finite %s, "a \"quoted\" name" : !wrap.tensor<bf16>
  wrap.assert_size_stride %x [4, %n] [%n, 1] : !wrap.tensor<4x?xf32, cuda>
  wrap.assert_size_stride %x [4, 8] [8, 1] : !wrap.tensor<4x?xf32, cuda>
  wrap.assert_size_stride %s [] [] : !wrap.tensor<bf16>
  return
}
