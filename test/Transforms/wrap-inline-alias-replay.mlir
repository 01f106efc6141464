// RUN: wrapc-opt %s -split-input-file --wrap-inline-alias-replay | FileCheck %s

// Pass-through kinds hand back the graph's output; is_input the input.
// CHECK-LABEL: func.func @pass_through(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[IN:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[OUT]], %[[OUT]], %[[OUT]], %[[IN]]
func.func @pass_through(%out: !wrap.tensor<4xf32>, %in: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out {info = #wrap.output<unsafe_view_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out {info = #wrap.output<custom_function_view>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %d = wrap.replay_alias %out from %in : !wrap.tensor<4xf32> {info = #wrap.output<is_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c, %d : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// A fully static view is baked; the base's flag equals the target's, so no
// requires_grad patch.
// CHECK-LABEL: func.func @static_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<2x3xf32>, %[[BASE:[^:]*]]: !wrap.tensor<8xf32>
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[BASE]] [2, 3] [3, 1] 2 : !wrap.tensor<8xf32> -> !wrap.tensor<2x3xf32>
// CHECK-NEXT:    return %[[V]]
func.func @static_view(%out: !wrap.tensor<2x3xf32>, %base: !wrap.tensor<8xf32>) -> !wrap.tensor<2x3xf32> {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[2, 3], [3, 1], 2>>} : !wrap.tensor<2x3xf32> -> !wrap.tensor<2x3xf32>
  return %r : !wrap.tensor<2x3xf32>
}

// -----

// `?` entries (and a missing view) are read from the graph's output.
// CHECK-LABEL: func.func @symbolic_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4x?xf32>, %[[BASE:[^:]*]]: !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[S1:.*]] = wrap.tensor.size %[[OUT]], 1
// CHECK-NEXT:    %[[OFF:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[BASE]] [4, %[[S1]]] [1, 4] %[[OFF]]
// CHECK-NEXT:    %[[T0:.*]] = wrap.tensor.size %[[OUT]], 0
// CHECK-NEXT:    %[[T1:.*]] = wrap.tensor.size %[[OUT]], 1
// CHECK-NEXT:    %[[R0:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[R1:.*]] = wrap.tensor.stride %[[OUT]], 1
// CHECK-NEXT:    %[[O2:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[W:.*]] = wrap.as_strided %[[BASE]] [%[[T0]], %[[T1]]] [%[[R0]], %[[R1]]] %[[O2]]
func.func @symbolic_view(%out: !wrap.tensor<4x?xf32>, %base: !wrap.tensor<?xf32>) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>) {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4, ?], [1, 4], ?>>} : !wrap.tensor<4x?xf32> -> !wrap.tensor<4x?xf32>
  %b = wrap.replay_alias %out from %base : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0>} : !wrap.tensor<4x?xf32> -> !wrap.tensor<4x?xf32>
  return %a, %b : !wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>
}

// -----

// A dtype view comes first when the dtypes differ.
// CHECK-LABEL: func.func @dtype_view(
// CHECK-NEXT:    %[[D:.*]] = wrap.view_dtype %{{.*}} : !wrap.tensor<8xf32> -> !wrap.tensor<8xi32>
// CHECK-NEXT:    wrap.as_strided %[[D]] [4] [2] 0 : !wrap.tensor<8xi32> -> !wrap.tensor<4xi32>
func.func @dtype_view(%out: !wrap.tensor<4xi32>, %base: !wrap.tensor<8xf32>) -> !wrap.tensor<4xi32> {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [2], 0>, dtype = i32>} : !wrap.tensor<4xi32> -> !wrap.tensor<4xi32>
  return %r : !wrap.tensor<4xi32>
}

// -----

// The requires_grad patch: folded where the base's flag is known (an
// input's), a run-time test where it is not (an intermediate base).
// CHECK-LABEL: func.func @requires_grad(
// CHECK:         %[[V1:.*]] = wrap.as_strided
// CHECK-NEXT:    wrap.set_requires_grad %[[V1]], true
// CHECK-NEXT:    %[[V2:.*]] = wrap.as_strided
// CHECK-NEXT:    %[[D2:.*]] = wrap.detach %[[V2]]
// CHECK-NEXT:    %[[V3:.*]] = wrap.as_strided
// CHECK-NEXT:    %[[V4:.*]] = wrap.as_strided
// CHECK-NEXT:    %[[P4:.*]] = wrap.patch_requires_grad %[[V4]] from %{{.*}}, true
// CHECK-NEXT:    return %[[V1]], %[[D2]], %[[V3]], %[[P4]]
func.func @requires_grad(%out: !wrap.tensor<4xf32>, %base: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %d = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c, %d : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
