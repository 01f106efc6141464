// convert-wrap-to-llvm checks each argument an entry point reads, and not
// one it never reads, which an embedder may pass null (the gradient of an
// output autograd has none for, which a backward entry drops).
// RUN: wrapc-opt %s --convert-wrap-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK:         call @wrt_check_argument(
// CHECK-SAME:      %c0_i64
// CHECK-NOT:     call @wrt_check_argument(
// CHECK:         return
func.func @f(%read: !wrap.tensor<4xf32>, %unread: !wrap.tensor<3xf16>) -> !wrap.tensor<4xf32> {
  return %read : !wrap.tensor<4xf32>
}
