// convert-wrap-to-llvm on wrap.coerce_layout: one runtime call, with the
// memory format's c10 code, or 16 and the traced sizes and strides as
// constant arrays (null for a memory format); its result is a new
// reference the function releases.
// RUN: wrapc-opt %s -split-input-file --convert-wrap-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @format(
// CHECK:         call @wrt_coerce_layout(%{{.*}}, %c2_i32, %c0_i64, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:         call @wrt_tensor_release
func.func @format(%t: !wrap.tensor<2x3x4x4xf32>) {
  %0 = wrap.coerce_layout %t to <channels_last> : !wrap.tensor<2x3x4x4xf32>
  return
}

// -----

// CHECK-DAG:   llvm.mlir.global internal constant @[[SIZES:__wrapc_dims_[0-9]+]](dense<[4, 3]> : tensor<2xi64>)
// CHECK-DAG:   llvm.mlir.global internal constant @[[STRIDES:__wrapc_dims_[0-9]+]](dense<[1, 4]> : tensor<2xi64>)
// CHECK-LABEL: func.func @strided(
// CHECK:         %[[T:.*]] = llvm.mlir.addressof @[[STRIDES]] : !llvm.ptr
// CHECK-NEXT:    call @wrt_coerce_layout(%{{.*}}, %c16_i32, %c2_i64, %{{[0-9]+}}, %[[T]], %{{.*}})
func.func @strided(%t: !wrap.tensor<4x3xf32>) -> !wrap.tensor<4x3xf32> {
  %0 = wrap.coerce_layout %t to <strided [4, 3], [1, 4]> : !wrap.tensor<4x3xf32>
  return %0 : !wrap.tensor<4x3xf32>
}
