// wrap.backward_wrapper (CompiledFunction.backward) round trips, with
// #wrap.layout in each form; the verifier's errors are in
// invalid_backward_wrapper.mlir.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// A saved symint and tensor, three gradients (a mutated input, an output,
// an intermediate base), the first and last kept.
// CHECK:      func.func private @bw_graph(index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<2x3x4x5xf32>) -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>)
// CHECK-NEXT: wrap.backward_wrapper @f_bw : (index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2x3x4x5xf32>) -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>) calls @bw_graph saved 2 tangents [0, 2] layouts [#wrap.layout<strided [4, 3], [1, 4]>, #wrap.layout<channels_last>]{{$}}
func.func private @bw_graph(index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<2x3x4x5xf32>)
    -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>)
wrap.backward_wrapper @f_bw : (index, !wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2x3x4x5xf32>)
    -> (!wrap.tensor<4x3xf32>, !wrap.tensor<4x3xf32>)
    calls @bw_graph saved 2 tangents [0, 2] layouts [#wrap.layout<strided [4, 3], [1, 4]>, #wrap.layout<channels_last>]

// -----

// Nothing saved, no tangent kept (no output requires grad): the graph
// takes nothing; dynamic dimensions take any layout size.
// CHECK: wrap.backward_wrapper @g_bw : (!wrap.tensor<?xf32>) -> () calls @g_graph saved 0 tangents [] layouts []{{$}}
func.func private @g_graph() -> ()
wrap.backward_wrapper @g_bw : (!wrap.tensor<?xf32>) -> () calls @g_graph saved 0 tangents [] layouts []

// -----

// CHECK: wrap.backward_wrapper @h_bw : (!wrap.tensor<?x5xf32>, !wrap.tensor<1x2x3x4x5xf16>) -> !wrap.tensor<?x5xf32> calls @h_graph saved 0 tangents [0, 1] layouts [#wrap.layout<strided [7, 5], [5, 1]>, #wrap.layout<channels_last_3d>]{{$}}
func.func private @h_graph(!wrap.tensor<?x5xf32>, !wrap.tensor<1x2x3x4x5xf16>) -> !wrap.tensor<?x5xf32>
wrap.backward_wrapper @h_bw : (!wrap.tensor<?x5xf32>, !wrap.tensor<1x2x3x4x5xf16>) -> !wrap.tensor<?x5xf32>
    calls @h_graph saved 0 tangents [0, 1] layouts [#wrap.layout<strided [7, 5], [5, 1]>, #wrap.layout<channels_last_3d>]
