// wrap-lower-backward-wrapper: a backward wrapper becomes the function
// CompiledFunction.backward runs for its metadata: saved values passed on,
// each kept gradient coerced to its traced layout, the compiled backward
// graph called, its gradients returned; dropped gradients are never read.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-lower-backward-wrapper | FileCheck %s
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-specialize | FileCheck %s

// CHECK-LABEL: func.func @f_bw(
// CHECK-SAME:    %[[S:.*]]: index, %[[T:.*]]: !wrap.tensor<4x3xf32>, %[[G0:.*]]: !wrap.tensor<4x3xf32>, %[[G1:.*]]: !wrap.tensor<4xf32>, %[[G2:.*]]: !wrap.tensor<2x3x4x5xf32>) -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>) {
// CHECK-NEXT:    %[[C0:.*]] = wrap.coerce_layout %[[G0]] to <strided [4, 3], [1, 4]> : !wrap.tensor<4x3xf32>
// CHECK-NEXT:    %[[C2:.*]] = wrap.coerce_layout %[[G2]] to <channels_last> : !wrap.tensor<2x3x4x5xf32>
// CHECK-NEXT:    %[[R:.*]]:2 = wrap.call_compiled @bw_graph(%[[S]], %[[T]], %[[C0]], %[[C2]])
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1
// CHECK-NOT:   wrap.backward_wrapper
func.func private @bw_graph(index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<2x3x4x5xf32>)
    -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>)
wrap.backward_wrapper @f_bw : (index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2x3x4x5xf32>)
    -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>)
    calls @bw_graph saved 2 tangents [0, 2] layouts [#wrap.layout<strided [4, 3], [1, 4]>, #wrap.layout<channels_last>]

// -----

// No tangent kept: the graph gets the saved values only.
// CHECK-LABEL: func.func @g_bw(
// CHECK-SAME:    %[[T:.*]]: !wrap.tensor<?xf32>, %{{.*}}: !wrap.tensor<?xf32>) -> !wrap.tensor<?xf32> {
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @g_graph(%[[T]])
// CHECK-NEXT:    return %[[R]]
func.func private @g_graph(!wrap.tensor<?xf32>) -> !wrap.tensor<?xf32>
wrap.backward_wrapper @g_bw : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>) -> !wrap.tensor<?xf32>
    calls @g_graph saved 1 tangents [] layouts []
