// wrap.reinterpret (Inductor's ReinterpretView): static and dynamic sizes,
// strides and offset.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[B:[^:]*]]: !wrap.tensor<?x4xf32>, %[[N:[^:]*]]: index)
// CHECK-NEXT:    %[[V0:.*]] = wrap.reinterpret %[[B]] [2, 2] [4, 1] 4 : !wrap.tensor<?x4xf32> -> !wrap.tensor<2x2xf32>
// CHECK-NEXT:    %[[V1:.*]] = wrap.reinterpret %[[B]] [%[[N]]] [%[[N]]] %[[N]] : !wrap.tensor<?x4xf32> -> !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[V2:.*]] = wrap.reinterpret %[[B]] [] [] 0 : !wrap.tensor<?x4xf32> -> !wrap.tensor<f32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]] :
func.func @f(%b: !wrap.tensor<?x4xf32>, %n: index) -> (!wrap.tensor<2x2xf32>, !wrap.tensor<?xf32>, !wrap.tensor<f32>) {
  %v0 = wrap.reinterpret %b [2, 2] [4, 1] 4 : !wrap.tensor<?x4xf32> -> !wrap.tensor<2x2xf32>
  %v1 = wrap.reinterpret %b [%n] [%n] %n : !wrap.tensor<?x4xf32> -> !wrap.tensor<?xf32>
  %v2 = wrap.reinterpret %b [] [] 0 : !wrap.tensor<?x4xf32> -> !wrap.tensor<f32>
  return %v0, %v1, %v2 : !wrap.tensor<2x2xf32>, !wrap.tensor<?xf32>, !wrap.tensor<f32>
}
