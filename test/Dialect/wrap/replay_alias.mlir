// wrap.replay_alias with and without a base.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: !wrap.tensor<8xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
// CHECK-NEXT: %[[V2_0:[a-zA-Z0-9_#]+]] = wrap.replay_alias %[[V0_ARG0]] from %[[V1_ARG1]] : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [2], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT: %[[V3_1:[a-zA-Z0-9_#]+]] = wrap.replay_alias %[[V0_ARG0]] {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT: return %[[V2_0]], %[[V3_1]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%out: !wrap.tensor<4xf32>, %base: !wrap.tensor<8xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [2], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
