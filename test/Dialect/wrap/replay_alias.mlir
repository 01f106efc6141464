// wrap.replay_alias: pass-through kinds take no base; aliases of inputs and
// intermediates take one (of any shape), with or without base_requires_grad.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[IN:[^:]*]]: !wrap.tensor<4xf32>, %[[BASE:[^:]*]]: !wrap.tensor<8xf32>, %[[DYN:[^:]*]]: !wrap.tensor<?x?xf32>)
// CHECK-NEXT:    %[[A:.*]] = wrap.replay_alias %[[OUT]] {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[B:.*]] = wrap.replay_alias %[[OUT]] {info = #wrap.output<unsafe_view_alias, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[C:.*]] = wrap.replay_alias %[[OUT]] {info = #wrap.output<custom_function_view, dynamic_dims = [0]>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[D:.*]] = wrap.replay_alias %[[OUT]] from %[[IN]] : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<is_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[E:.*]] = wrap.replay_alias %[[OUT]] from %[[BASE]] : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 1, view = <[4], [2], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[F:.*]] = wrap.replay_alias %[[OUT]] from %[[DYN]] : !wrap.tensor<?x?xf32> {info = #wrap.output<alias_of_intermediate, base = 0, requires_grad, view = <[?], [?], ?>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[G:.*]] = wrap.replay_alias %[[OUT]] from %[[BASE]] : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate_save_as_output, base = 1>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[H:.*]] = wrap.replay_alias %[[OUT]] from %[[A]] : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]], %[[H]] :
func.func @f(%out: !wrap.tensor<4xf32>, %in: !wrap.tensor<4xf32>, %base: !wrap.tensor<8xf32>, %dyn: !wrap.tensor<?x?xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out {info = #wrap.output<unsafe_view_alias, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out {info = #wrap.output<custom_function_view, dynamic_dims = [0]>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %d = wrap.replay_alias %out from %in : !wrap.tensor<4xf32> {info = #wrap.output<is_input, base = 0>, base_requires_grad = true} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %e = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 1, view = <[4], [2], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %f = wrap.replay_alias %out from %dyn : !wrap.tensor<?x?xf32> {info = #wrap.output<alias_of_intermediate, base = 0, requires_grad, view = <[?], [?], ?>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %g = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate_save_as_output, base = 1>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %h = wrap.replay_alias %out from %a : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c, %d, %e, %f, %g, %h : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
