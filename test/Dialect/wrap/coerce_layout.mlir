// wrap.coerce_layout round trips in each layout form.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @coerce
// CHECK:       wrap.coerce_layout %arg0 to <channels_last> : !wrap.tensor<2x3x4x4xf32>
// CHECK:       wrap.coerce_layout %arg1 to <strided [4, 3], [1, 4]> : !wrap.tensor<4x?xf32, cuda>
// CHECK:       wrap.coerce_layout %arg1 to <contiguous> : !wrap.tensor<4x?xf32, cuda>
func.func @coerce(%a: !wrap.tensor<2x3x4x4xf32>, %b: !wrap.tensor<4x?xf32, cuda>)
    -> (!wrap.tensor<2x3x4x4xf32>, !wrap.tensor<4x?xf32, cuda>, !wrap.tensor<4x?xf32, cuda>) {
  %0 = wrap.coerce_layout %a to <channels_last> : !wrap.tensor<2x3x4x4xf32>
  %1 = wrap.coerce_layout %b to <strided [4, 3], [1, 4]> : !wrap.tensor<4x?xf32, cuda>
  %2 = wrap.coerce_layout %b to <contiguous> : !wrap.tensor<4x?xf32, cuda>
  return %0, %1, %2 : !wrap.tensor<2x3x4x4xf32>, !wrap.tensor<4x?xf32, cuda>, !wrap.tensor<4x?xf32, cuda>
}
