// wrap.dedupe_wrapper (AOTDedupeWrapper) and wrap.check_same_tensor round
// trip, with func, runtime-wrapper and subclass-wrapper callees; the
// verifier's errors are in invalid_dedupe.mlir.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// Argument 2 repeats argument 0 (PyTorch's add_dupe_map [0, 1, 0]); the
// callee takes the two kept ones; a symint between them is kept as well.
// CHECK:      func.func private @inner(!wrap.tensor<4xf32>, index, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, index, !wrap.tensor<4xf32>, !wrap.tensor<2xi32>, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32> calls @inner dupes [0, 1, 0, 2, 2]{{$}}
func.func private @inner(!wrap.tensor<4xf32>, index, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, index, !wrap.tensor<4xf32>, !wrap.tensor<2xi32>, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
    calls @inner dupes [0, 1, 0, 2, 2]

// -----

// The callee is a runtime wrapper (the nesting PyTorch builds: dedupe
// outside, RuntimeWrapper inside).
// CHECK:      wrap.runtime_wrapper @rw
// CHECK-NEXT: wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @rw dupes [0, 0]{{$}}
func.func private @graph(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @rw : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<mutates_data>] outputs [#wrap.output<non_alias>]
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @rw dupes [0, 0]

// -----

// The callee is a subclass wrapper.
// CHECK: wrap.dedupe_wrapper @f : {{.*}} calls @s dupes [0, 1, 1]{{$}}
func.func private @flat(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.subclass_wrapper @s : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @flat
wrap.dedupe_wrapper @f : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @s dupes [0, 1, 1]

// -----

// wrap.check_same_tensor, the level-2 check.
// CHECK-LABEL: func.func @check(
// CHECK-NEXT:    wrap.check_same_tensor %arg1, %arg0 {duplicate = 1 : i64, original = 0 : i64} : !wrap.tensor<4xf32>
func.func @check(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  wrap.check_same_tensor %b, %a {duplicate = 1, original = 0} : !wrap.tensor<4xf32>
  return
}
