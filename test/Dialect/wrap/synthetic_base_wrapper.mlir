// wrap.synthetic_base_wrapper (AOTSyntheticBaseWrapper) round trips, with
// func and runtime-wrapper callees and under a dedupe wrapper; the
// verifier's errors are in invalid_synthetic_base.mlir.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// f(a, n, a.view(2, 3), c): a and its view become base #0 (the callee's
// first argument), n and c follow in order (PyTorch's synthetic_base_info
// [0, 1, 0, 2]).
// CHECK:      func.func private @inner(!wrap.tensor<6xf32>, index, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.synthetic_base_wrapper @f : (!wrap.tensor<6xf32>, index, !wrap.tensor<2x3xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @inner args [0, 1, 0, 2]{{$}}
func.func private @inner(!wrap.tensor<6xf32>, index, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.synthetic_base_wrapper @f : (!wrap.tensor<6xf32>, index, !wrap.tensor<2x3xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @inner args [0, 1, 0, 2]

// -----

// Two bases, a metadata-mutated alias (its new geometry is the callee's
// last result), the autograd case, a base of unknown size.
// CHECK: wrap.synthetic_base_wrapper @f : {{.*}} calls @inner args [0, 1, 1, 0] metadata_mutated [2] {trace_joint}{{$}}
func.func private @inner(!wrap.tensor<?xf32>, !wrap.tensor<8xi32>) -> (!wrap.tensor<2xf32>, !wrap.tensor<2x2xi32>)
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<8xi32>, !wrap.tensor<4xi32>, !wrap.tensor<2x2xf32>) -> !wrap.tensor<2xf32>
    calls @inner args [0, 1, 1, 0] metadata_mutated [2] {trace_joint}

// -----

// PyTorch's nesting: AOTDedupeWrapper outside AOTSyntheticBaseWrapper
// outside the RuntimeWrapper.
// CHECK: wrap.runtime_wrapper @rw
// CHECK: wrap.synthetic_base_wrapper @s {{.*}} calls @rw args [0, 0]{{$}}
// CHECK: wrap.dedupe_wrapper @d {{.*}} calls @s dupes [0, 1, 0]{{$}}
func.func private @graph(!wrap.tensor<6xf32>) -> !wrap.tensor<6xf32>
wrap.runtime_wrapper @rw : (!wrap.tensor<6xf32>) -> () calls @graph
    inputs [#wrap.input<mutates_data>] outputs []
wrap.synthetic_base_wrapper @s : (!wrap.tensor<6xf32>, !wrap.tensor<3xf32>) -> () calls @rw args [0, 0]
wrap.dedupe_wrapper @d : (!wrap.tensor<6xf32>, !wrap.tensor<3xf32>, !wrap.tensor<6xf32>) -> () calls @s dupes [0, 1, 0]
