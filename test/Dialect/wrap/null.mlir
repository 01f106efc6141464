// wrap.null: the placeholder for an input frozen by the compiler.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f() -> (!wrap.tensor<2xf32>, !wrap.tensor<?x8xbf16, cuda>, !wrap.tensor<i64>) {
// CHECK-NEXT:    %[[A:.*]] = wrap.null : !wrap.tensor<2xf32>
// CHECK-NEXT:    %[[B:.*]] = wrap.null : !wrap.tensor<?x8xbf16, cuda>
// CHECK-NEXT:    %[[C:.*]] = wrap.null : !wrap.tensor<i64>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]] :
func.func @f() -> (!wrap.tensor<2xf32>, !wrap.tensor<?x8xbf16, cuda>, !wrap.tensor<i64>) {
  %a = wrap.null : !wrap.tensor<2xf32>
  %b = wrap.null : !wrap.tensor<?x8xbf16, cuda>
  %c = wrap.null : !wrap.tensor<i64>
  return %a, %b, %c : !wrap.tensor<2xf32>, !wrap.tensor<?x8xbf16, cuda>, !wrap.tensor<i64>
}
