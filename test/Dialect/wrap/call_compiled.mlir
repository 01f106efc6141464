// wrap.call_compiled.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func private @graph(!wrap.tensor<4xf32>, index) -> (!wrap.tensor<4xf32>, index)
// CHECK-NEXT: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: index) -> (!wrap.tensor<4xf32>, index) {
// CHECK-NEXT: %[[V2_0:[a-zA-Z0-9_#]+]]:2 = wrap.call_compiled @graph(%[[V0_ARG0]], %[[V1_ARG1]]) : (!wrap.tensor<4xf32>, index) -> (!wrap.tensor<4xf32>, index)
// CHECK-NEXT: return %[[V3_0_0:[a-zA-Z0-9_#]+]], %[[V4_0_1:[a-zA-Z0-9_#]+]] : !wrap.tensor<4xf32>, index
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func private @graph(!wrap.tensor<4xf32>, index) -> (!wrap.tensor<4xf32>, index)
func.func @f(%x: !wrap.tensor<4xf32>, %n: index) -> (!wrap.tensor<4xf32>, index) {
  %r:2 = wrap.call_compiled @graph(%x, %n) : (!wrap.tensor<4xf32>, index) -> (!wrap.tensor<4xf32>, index)
  return %r#0, %r#1 : !wrap.tensor<4xf32>, index
}
