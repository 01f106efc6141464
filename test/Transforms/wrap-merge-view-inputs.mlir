// wrap-merge-view-inputs: a synthetic-base wrapper becomes a function that
// computes each base from its aliases, calls the callee with the bases
// first, and applies merged arguments' metadata mutations
// (AOTSyntheticBaseWrapper.post_compile). In wrap-specialize it runs after
// wrap-orchestrate and before wrap-remove-dupe-args
// (wrap-merge-view-inputs-nesting.mlir).
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-merge-view-inputs | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<6xf32>, %[[N:[^:]*]]: index, %[[V:[^:]*]]: !wrap.tensor<2x3xf32>, %[[C:[^:]*]]: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
// CHECK-NEXT:    %[[B:.*]] = wrap.synthetic_base %[[A]], %[[V]] {args = array<i64: 0, 2>} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32> -> !wrap.tensor<6xf32>
// CHECK-NEXT:    %[[R:.*]] = call @inner(%[[B]], %[[N]], %[[C]]) : (!wrap.tensor<6xf32>, index, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : !wrap.tensor<4xf32>
// CHECK-NOT:   wrap.synthetic_base_wrapper
func.func private @inner(!wrap.tensor<6xf32>, index, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.synthetic_base_wrapper @f : (!wrap.tensor<6xf32>, index, !wrap.tensor<2x3xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @inner args [0, 1, 0, 2]

// -----

// Two bases; argument 2's metadata changes: the callee's last result is
// its new geometry, applied with as_strided_ and not returned.
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[I:[^:]*]]: !wrap.tensor<8xi32>, %[[J:[^:]*]]: !wrap.tensor<4xi32>, %[[B:[^:]*]]: !wrap.tensor<2x2xf32>)
// CHECK-NEXT:    %[[F:.*]] = wrap.synthetic_base %[[A]], %[[B]] {args = array<i64: 0, 3>, trace_joint} {{.*}} -> !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[G:.*]] = wrap.synthetic_base %[[I]], %[[J]] {args = array<i64: 1, 2>, trace_joint} {{.*}} -> !wrap.tensor<8xi32>
// CHECK-NEXT:    %[[R:.*]]:2 = call @inner(%[[F]], %[[G]])
// CHECK-NEXT:    wrap.as_strided_inplace %[[J]], %[[R]]#1 : !wrap.tensor<4xi32>, !wrap.tensor<2x2xi32>
// CHECK-NEXT:    return %[[R]]#0 : !wrap.tensor<2xf32>
func.func private @inner(!wrap.tensor<?xf32>, !wrap.tensor<8xi32>) -> (!wrap.tensor<2xf32>, !wrap.tensor<2x2xi32>)
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<8xi32>, !wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>) -> !wrap.tensor<2xf32>
    calls @inner args [0, 1, 1, 0] metadata_mutated [2] {trace_joint}

// -----

// A runtime-wrapper callee must be orchestrated first.
func.func private @graph(!wrap.tensor<6xf32>) -> !wrap.tensor<6xf32>
wrap.runtime_wrapper @rw : (!wrap.tensor<6xf32>) -> () calls @graph
    inputs [#wrap.input<mutates_data>] outputs []
// expected-error @below {{callee 'rw' is still a wrap.runtime_wrapper; run wrap-orchestrate and wrap-flatten-subclasses first}}
wrap.synthetic_base_wrapper @s : (!wrap.tensor<6xf32>, !wrap.tensor<3xf32>) -> () calls @rw args [0, 0]
