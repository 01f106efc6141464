// wrap.as_strided: every size, stride and the offset static or an index value.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[B:[^:]*]]: !wrap.tensor<16xf32>, %[[N:[^:]*]]: index, %[[S:[^:]*]]: index, %[[O:[^:]*]]: index)
// CHECK-NEXT:    %[[V0:.*]] = wrap.as_strided %[[B]] [4, %[[N]]] [1, %[[S]]] %[[O]] : !wrap.tensor<16xf32> -> !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[V1:.*]] = wrap.as_strided %[[B]] [2] [3] 1 : !wrap.tensor<16xf32> -> !wrap.tensor<2xf32>
// A dynamic size may stand for a static dimension of the result.
// CHECK-NEXT:    %[[V2:.*]] = wrap.as_strided %[[B]] [%[[N]], %[[N]]] [%[[S]], %[[S]]] 0 : !wrap.tensor<16xf32> -> !wrap.tensor<2x?xf32>
// Rank 0: empty lists.
// CHECK-NEXT:    %[[V3:.*]] = wrap.as_strided %[[B]] [] [] %[[O]] : !wrap.tensor<16xf32> -> !wrap.tensor<f32>
// CHECK-NEXT:    %[[V4:.*]] = wrap.as_strided %[[V1]] [2, 2] [0, 1] 0 : !wrap.tensor<2xf32> -> !wrap.tensor<2x2xf32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] :
func.func @f(%base: !wrap.tensor<16xf32>, %n: index, %s: index, %o: index)
    -> (!wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>, !wrap.tensor<2x?xf32>, !wrap.tensor<f32>, !wrap.tensor<2x2xf32>) {
  %v0 = wrap.as_strided %base [4, %n] [1, %s] %o : !wrap.tensor<16xf32> -> !wrap.tensor<4x?xf32>
  %v1 = wrap.as_strided %base [2] [3] 1 : !wrap.tensor<16xf32> -> !wrap.tensor<2xf32>
  %v2 = wrap.as_strided %base [%n, %n] [%s, %s] 0 : !wrap.tensor<16xf32> -> !wrap.tensor<2x?xf32>
  %v3 = wrap.as_strided %base [] [] %o : !wrap.tensor<16xf32> -> !wrap.tensor<f32>
  %v4 = wrap.as_strided %v1 [2, 2] [0, 1] 0 : !wrap.tensor<2xf32> -> !wrap.tensor<2x2xf32>
  return %v0, %v1, %v2, %v3, %v4 : !wrap.tensor<4x?xf32>, !wrap.tensor<2xf32>, !wrap.tensor<2x?xf32>, !wrap.tensor<f32>, !wrap.tensor<2x2xf32>
}

// CHECK-LABEL: func.func @cuda(
// CHECK-NEXT:    wrap.as_strided %{{.*}} [8] [2] 0 : !wrap.tensor<?xbf16, cuda> -> !wrap.tensor<8xbf16, cuda>
func.func @cuda(%b: !wrap.tensor<?xbf16, cuda>) -> !wrap.tensor<8xbf16, cuda> {
  %v = wrap.as_strided %b [8] [2] 0 : !wrap.tensor<?xbf16, cuda> -> !wrap.tensor<8xbf16, cuda>
  return %v : !wrap.tensor<8xbf16, cuda>
}
