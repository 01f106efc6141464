// A rank-0 alias (e.g. `x[0]` of a 1-D input, an alias_of_input with view
// <[], [], offset>) becomes a wrap.as_strided with empty size and stride
// lists, at the offset of the output the graph returned.
// RUN: wrapc-opt %s -split-input-file --wrap-inline-alias-replay | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-specialize | FileCheck %s --check-prefix=CHECK-PIPE

// CHECK-LABEL: func.func @scalar_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<f32>, %[[BASE:[^:]*]]: !wrap.tensor<8xf32>
// CHECK-NEXT:    %[[OFF:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[BASE]] [] [] %[[OFF]] : !wrap.tensor<8xf32> -> !wrap.tensor<f32>
// CHECK-NEXT:    return %[[V]]
func.func @scalar_view(%out: !wrap.tensor<f32>, %base: !wrap.tensor<8xf32>) -> !wrap.tensor<f32> {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[], [], 7>>} : !wrap.tensor<f32> -> !wrap.tensor<f32>
  return %r : !wrap.tensor<f32>
}

// -----

// The same from a wrapper, through the whole pipeline, with and without a
// recorded view: the offset is read from the graph's output either way.
// CHECK-PIPE-LABEL: func.func @pick(
// CHECK-PIPE-SAME:    %[[X:[^:]*]]: !wrap.tensor<8xf32>
// CHECK-PIPE:         %[[R:.*]]:2 = wrap.call_compiled @pick_graph(%[[X]])
// CHECK-PIPE-NEXT:    wrap.grad_mode.set
// CHECK-PIPE-NEXT:    %[[OFF0:.*]] = wrap.tensor.offset %[[R]]#0
// CHECK-PIPE-NEXT:    %[[V0:.*]] = wrap.as_strided %[[X]] [] [] %[[OFF0]] : !wrap.tensor<8xf32> -> !wrap.tensor<f32>
// CHECK-PIPE-NEXT:    %[[OFF:.*]] = wrap.tensor.offset %[[R]]#1
// CHECK-PIPE-NEXT:    %[[V1:.*]] = wrap.as_strided %[[X]] [] [] %[[OFF]] : !wrap.tensor<8xf32> -> !wrap.tensor<f32>
// CHECK-PIPE-NEXT:    return %[[V0]], %[[V1]]
func.func private @pick_graph(!wrap.tensor<8xf32>) -> (!wrap.tensor<f32>, !wrap.tensor<f32>)
wrap.runtime_wrapper @pick : (!wrap.tensor<8xf32>) -> (!wrap.tensor<f32>, !wrap.tensor<f32>) calls @pick_graph
    inputs [#wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[], [], 0>>, #wrap.output<alias_of_input, base = 0>]
