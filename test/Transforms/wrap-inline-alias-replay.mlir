// wrap-inline-alias-replay: each wrap.replay_alias becomes what
// _replay_aliases / gen_alias_from_base run for its output type.
// RUN: wrapc-opt %s -split-input-file --wrap-inline-alias-replay | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-inline-alias-replay | FileCheck %s --check-prefix=CHECK-NONE

// CHECK-NONE-NOT: wrap.replay_alias

// Pass-through kinds hand back the graph's output, is_input the original
// input itself: no view, no requires_grad patch (even when the input
// requires grad and the traced output did not).
// CHECK-LABEL: func.func @pass_through(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[IN:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[OUT]], %[[OUT]], %[[OUT]], %[[IN]], %[[IN]] :
func.func @pass_through(%out: !wrap.tensor<4xf32>, %in: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out {info = #wrap.output<unsafe_view_alias, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out {info = #wrap.output<custom_function_view, requires_grad>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %d = wrap.replay_alias %out from %in : !wrap.tensor<4xf32> {info = #wrap.output<is_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %e = wrap.replay_alias %out from %in : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<is_input, base = 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c, %d, %e : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// alias_of_input: base.as_strided with the geometry of the output the graph
// returned (PyTorch's gen_alias_from_base reads it from the real output, not
// from the traced view: a graph whose output differs from the recorded
// view must not make compiled and dispatched code diverge). Sizes the
// output's type fixes are constants; strides and offset are read. The base
// does not require grad and neither did the traced output, so no patch.
// Uses of the replayed output (here a mark_dynamic) now use the view.
// CHECK-LABEL: func.func @static_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<2x3xf32>, %[[BASE:[^:]*]]: !wrap.tensor<8xf32>
// CHECK-NEXT:    %[[R0:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[R1:.*]] = wrap.tensor.stride %[[OUT]], 1
// CHECK-NEXT:    %[[OFF:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[BASE]] [2, 3] [%[[R0]], %[[R1]]] %[[OFF]] : !wrap.tensor<8xf32> -> !wrap.tensor<2x3xf32>
// CHECK-NEXT:    wrap.mark_dynamic %[[V]] [0] : !wrap.tensor<2x3xf32>
// CHECK-NEXT:    return %[[V]]
func.func @static_view(%out: !wrap.tensor<2x3xf32>, %base: !wrap.tensor<8xf32>) -> !wrap.tensor<2x3xf32> {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[2, 3], [3, 1], 2>>} : !wrap.tensor<2x3xf32> -> !wrap.tensor<2x3xf32>
  wrap.mark_dynamic %r [0] : !wrap.tensor<2x3xf32>
  return %r : !wrap.tensor<2x3xf32>
}

// -----

// Dynamic sizes are read from the graph's output too: sizes, then strides,
// then the offset. The recorded view (fully symbolic, partly static, or
// absent) changes nothing.
// CHECK-LABEL: func.func @symbolic_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4x?xf32>, %[[BASE:[^:]*]]: !wrap.tensor<?xf32>
// CHECK:         wrap.tensor.size %[[OUT]], 1 : !wrap.tensor<4x?xf32>
// CHECK:         wrap.tensor.size %[[OUT]], 1 : !wrap.tensor<4x?xf32>
// CHECK:         %[[S1:.*]] = wrap.tensor.size %[[OUT]], 1 : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[R0:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[R1:.*]] = wrap.tensor.stride %[[OUT]], 1
// CHECK-NEXT:    %[[OFF:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[W:.*]] = wrap.as_strided %[[BASE]] [4, %[[S1]]] [%[[R0]], %[[R1]]] %[[OFF]] : !wrap.tensor<?xf32> -> !wrap.tensor<4x?xf32>
// CHECK-NEXT:    return %{{.*}}, %{{.*}}, %[[W]] :
func.func @symbolic_view(%out: !wrap.tensor<4x?xf32>, %base: !wrap.tensor<?xf32>) -> (!wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>) {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4, ?], [1, 4], ?>>} : !wrap.tensor<4x?xf32> -> !wrap.tensor<4x?xf32>
  %b = wrap.replay_alias %out from %base : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4, 5], [?, 1], 0>>} : !wrap.tensor<4x?xf32> -> !wrap.tensor<4x?xf32>
  %c = wrap.replay_alias %out from %base : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0>} : !wrap.tensor<4x?xf32> -> !wrap.tensor<4x?xf32>
  return %a, %b, %c : !wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>, !wrap.tensor<4x?xf32>
}

// -----

// A dtype view of the base comes first when the dtypes differ; it keeps the
// base's shape (dynamic dims included) and device.
// CHECK-LABEL: func.func @dtype_view(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xi32>, %[[BASE:[^:]*]]: !wrap.tensor<8xf32>, %[[COUT:[^:]*]]: !wrap.tensor<4xbf16, cuda>, %[[CBASE:[^:]*]]: !wrap.tensor<?x4xf16, cuda>
// CHECK-NEXT:    %[[D:.*]] = wrap.view_dtype %[[BASE]] : !wrap.tensor<8xf32> -> !wrap.tensor<8xi32>
// CHECK-NEXT:    %[[R:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[D]] [4] [%[[R]]] %[[O]] : !wrap.tensor<8xi32> -> !wrap.tensor<4xi32>
// CHECK-NEXT:    %[[E:.*]] = wrap.view_dtype %[[CBASE]] : !wrap.tensor<?x4xf16, cuda> -> !wrap.tensor<?x4xbf16, cuda>
// CHECK-NEXT:    %[[CR:.*]] = wrap.tensor.stride %[[COUT]], 0
// CHECK-NEXT:    %[[CO:.*]] = wrap.tensor.offset %[[COUT]]
// CHECK-NEXT:    %[[W:.*]] = wrap.as_strided %[[E]] [4] [%[[CR]]] %[[CO]] : !wrap.tensor<?x4xbf16, cuda> -> !wrap.tensor<4xbf16, cuda>
// CHECK-NEXT:    return %[[V]], %[[W]]
func.func @dtype_view(%out: !wrap.tensor<4xi32>, %base: !wrap.tensor<8xf32>, %cout: !wrap.tensor<4xbf16, cuda>, %cbase: !wrap.tensor<?x4xf16, cuda>) -> (!wrap.tensor<4xi32>, !wrap.tensor<4xbf16, cuda>) {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<8xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [2], 0>, dtype = i32>} : !wrap.tensor<4xi32> -> !wrap.tensor<4xi32>
  %s = wrap.replay_alias %cout from %cbase : !wrap.tensor<?x4xf16, cuda> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [1], 4>, dtype = bf16>} : !wrap.tensor<4xbf16, cuda> -> !wrap.tensor<4xbf16, cuda>
  return %r, %s : !wrap.tensor<4xi32>, !wrap.tensor<4xbf16, cuda>
}

// -----

// Across element sizes the dtype view splits or merges the base's last
// dimension (static when it divides evenly), then as_strided takes the
// output's geometry in the new element type.
// CHECK-LABEL: func.func @dtype_view_sizes(
// CHECK-NEXT:    %[[H:.*]] = wrap.view_dtype %{{.*}} : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x8xf16>
// CHECK:         wrap.as_strided %[[H]] [8] [%{{.*}}] %{{.*}} : !wrap.tensor<2x8xf16> -> !wrap.tensor<8xf16>
// CHECK-NEXT:    %[[W:.*]] = wrap.view_dtype %{{.*}} : !wrap.tensor<3xi8> -> !wrap.tensor<?xi32>
// CHECK:         wrap.as_strided %[[W]]
func.func @dtype_view_sizes(%out: !wrap.tensor<8xf16>, %base: !wrap.tensor<2x4xf32>, %wout: !wrap.tensor<1xi32>, %wbase: !wrap.tensor<3xi8>) -> (!wrap.tensor<8xf16>, !wrap.tensor<1xi32>) {
  %r = wrap.replay_alias %out from %base : !wrap.tensor<2x4xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[8], [1], 8>, dtype = f16>} : !wrap.tensor<8xf16> -> !wrap.tensor<8xf16>
  %s = wrap.replay_alias %wout from %wbase : !wrap.tensor<3xi8> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[?], [?], ?>, dtype = i32>} : !wrap.tensor<1xi32> -> !wrap.tensor<1xi32>
  return %r, %s : !wrap.tensor<8xf16>, !wrap.tensor<1xi32>
}

// -----

// The requires_grad patch, folded where the base's flag is known (an
// input's metadata):
//   base false, traced false -> nothing
//   base false, traced true  -> requires_grad_(True) on the view
//   base true,  traced false -> view.detach()
//   base true,  traced true  -> nothing
// CHECK-LABEL: func.func @requires_grad_known(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[BASE:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[S0:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O0:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V0:.*]] = wrap.as_strided %[[BASE]] [4] [%[[S0]]] %[[O0]]
// CHECK-NEXT:    %[[S1:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O1:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V1:.*]] = wrap.as_strided %[[BASE]] [4] [%[[S1]]] %[[O1]]
// CHECK-NEXT:    wrap.set_requires_grad %[[V1]], true : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[S2:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O2:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V2:.*]] = wrap.as_strided %[[BASE]] [4] [%[[S2]]] %[[O2]]
// CHECK-NEXT:    %[[D2:.*]] = wrap.detach %[[V2]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[S3:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O3:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V3:.*]] = wrap.as_strided %[[BASE]] [4] [%[[S3]]] %[[O3]]
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[D2]], %[[V3]] :
func.func @requires_grad_known(%out: !wrap.tensor<4xf32>, %base: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %d = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c, %d : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// Aliases of intermediates (all three kinds) replay from the base they were
// given; the base's requires_grad is only known at run time, so the patch
// stays a wrap.patch_requires_grad against that base, with the traced flag.
// CHECK-LABEL: func.func @intermediates(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[IB:[^:]*]]: !wrap.tensor<16xf32>, %[[UO:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[S0:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O0:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V0:.*]] = wrap.as_strided %[[IB]] [4] [%[[S0]]] %[[O0]] : !wrap.tensor<16xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[P0:.*]] = wrap.patch_requires_grad %[[V0]] from %[[IB]], true : !wrap.tensor<4xf32>, !wrap.tensor<16xf32>
// CHECK-NEXT:    %[[S1:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O1:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V1:.*]] = wrap.as_strided %[[IB]] [4] [%[[S1]]] %[[O1]] : !wrap.tensor<16xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[P1:.*]] = wrap.patch_requires_grad %[[V1]] from %[[IB]], false : !wrap.tensor<4xf32>, !wrap.tensor<16xf32>
// CHECK-NEXT:    %[[S2:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O2:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V2:.*]] = wrap.as_strided %[[UO]] [4] [%[[S2]]] %[[O2]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[P2:.*]] = wrap.patch_requires_grad %[[V2]] from %[[UO]], true : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[P0]], %[[P1]], %[[P2]] :
func.func @intermediates(%out: !wrap.tensor<4xf32>, %ib: !wrap.tensor<16xf32>, %uo: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %a = wrap.replay_alias %out from %ib : !wrap.tensor<16xf32> {info = #wrap.output<alias_of_intermediate, base = 0, requires_grad, view = <[4], [4], 1>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %b = wrap.replay_alias %out from %ib : !wrap.tensor<16xf32> {info = #wrap.output<alias_of_intermediate_save_as_output, base = 0, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %c = wrap.replay_alias %out from %uo : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0, requires_grad, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a, %b, %c : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// An alias of an input without a known base flag (e.g. written by hand)
// keeps the run-time patch as well.
// CHECK-LABEL: func.func @input_flag_unknown(
// CHECK-SAME:    %[[OUT:[^:]*]]: !wrap.tensor<4xf32>, %[[BASE:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[S:.*]] = wrap.tensor.stride %[[OUT]], 0
// CHECK-NEXT:    %[[O:.*]] = wrap.tensor.offset %[[OUT]]
// CHECK-NEXT:    %[[V:.*]] = wrap.as_strided %[[BASE]] [4] [%[[S]]] %[[O]]
// CHECK-NEXT:    %[[P:.*]] = wrap.patch_requires_grad %[[V]] from %[[BASE]], false
// CHECK-NEXT:    return %[[P]]
func.func @input_flag_unknown(%out: !wrap.tensor<4xf32>, %base: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  %a = wrap.replay_alias %out from %base : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %a : !wrap.tensor<4xf32>
}
