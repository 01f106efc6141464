// wrap.synthetic_base round trips; its verifier's errors are in
// invalid_synthetic_base.mlir.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @merge(
// CHECK: %[[B:.*]] = wrap.synthetic_base %arg0, %arg1 {args = array<i64: 0, 2>} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32> -> !wrap.tensor<6xf32>
// CHECK: wrap.synthetic_base %arg0, %arg1, %arg0 {args = array<i64: 0, 2, 3>, trace_joint} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<6xf32> -> !wrap.tensor<?xf32>
func.func @merge(%a: !wrap.tensor<6xf32>, %b: !wrap.tensor<2x3xf32>) -> (!wrap.tensor<6xf32>, !wrap.tensor<?xf32>) {
  %base = wrap.synthetic_base %a, %b {args = array<i64: 0, 2>} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32> -> !wrap.tensor<6xf32>
  %any = wrap.synthetic_base %a, %b, %a {args = array<i64: 0, 2, 3>, trace_joint} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<6xf32> -> !wrap.tensor<?xf32>
  return %base, %any : !wrap.tensor<6xf32>, !wrap.tensor<?xf32>
}
