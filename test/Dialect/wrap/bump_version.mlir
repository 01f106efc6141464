// wrap.bump_version on host, CUDA, dynamic and rank-0 tensors.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32, cuda>, %[[B:[^:]*]]: !wrap.tensor<?x3xi64>, %[[C:[^:]*]]: !wrap.tensor<bf16>) {
// CHECK-NEXT:    wrap.bump_version %[[A]] : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT:    wrap.bump_version %[[B]] : !wrap.tensor<?x3xi64>
// CHECK-NEXT:    wrap.bump_version %[[C]] : !wrap.tensor<bf16>
// CHECK-NEXT:    return
func.func @f(%a: !wrap.tensor<4xf32, cuda>, %b: !wrap.tensor<?x3xi64>, %c: !wrap.tensor<bf16>) {
  wrap.bump_version %a : !wrap.tensor<4xf32, cuda>
  wrap.bump_version %b : !wrap.tensor<?x3xi64>
  wrap.bump_version %c : !wrap.tensor<bf16>
  return
}
