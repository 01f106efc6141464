// wrap-remove-dupe-args: a dedupe wrapper becomes a function that checks
// each duplicate is the tensor it repeats, then calls the callee with the
// kept arguments (AOTDedupeWrapper.remove_dupe_args). In wrap-specialize it
// runs after wrap-orchestrate, so a runtime-wrapper callee is a function by then.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-remove-dupe-args | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-specialize | FileCheck %s --check-prefix=SPEC

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:.*]]: !wrap.tensor<4xf32>, %[[N:.*]]: index, %[[B:.*]]: !wrap.tensor<4xf32>, %[[C:.*]]: !wrap.tensor<2xi32>, %[[D:.*]]: !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32> {
// CHECK-NEXT:    wrap.check_same_tensor %[[B]], %[[A]] {duplicate = 2 : i64, original = 0 : i64} : !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.check_same_tensor %[[D]], %[[C]] {duplicate = 4 : i64, original = 3 : i64} : !wrap.tensor<2xi32>
// CHECK-NEXT:    %[[R:.*]] = call @inner(%[[A]], %[[N]], %[[C]]) : (!wrap.tensor<4xf32>, index, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[R]] : !wrap.tensor<4xf32>
// CHECK-NOT:   wrap.dedupe_wrapper
func.func private @inner(!wrap.tensor<4xf32>, index, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, index, !wrap.tensor<4xf32>, !wrap.tensor<2xi32>, !wrap.tensor<2xi32>) -> !wrap.tensor<4xf32>
    calls @inner dupes [0, 1, 0, 2, 2]

// -----

// A runtime-wrapper callee: the pass alone refuses it; wrap-specialize
// orchestrates it first.
// SPEC-LABEL: func.func @rw(
// SPEC:         wrap.copy_inplace
// SPEC-LABEL: func.func @f(
// SPEC-SAME:    %[[A:.*]]: !wrap.tensor<4xf32>, %[[B:.*]]: !wrap.tensor<4xf32>)
// SPEC-NEXT:    wrap.check_same_tensor %[[B]], %[[A]] {duplicate = 1 : i64, original = 0 : i64}
// SPEC-NEXT:    call @rw(%[[A]])
func.func private @graph(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @rw : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph
    inputs [#wrap.input<mutates_data>] outputs [#wrap.output<non_alias>]
// expected-error @below {{callee 'rw' is still a wrap.runtime_wrapper; run wrap-orchestrate and wrap-flatten-subclasses first}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @rw dupes [0, 0]

// -----

// A subclass-wrapper callee: flattened first, then called with the subclass
// argument kept and the repeated plain tensor checked.
// SPEC-LABEL: func.func @f(
// SPEC-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor"{{.*}}, %[[T:[^:]*]]: !wrap.tensor<4xf32>, %[[U:[^:]*]]: !wrap.tensor<4xf32>)
// SPEC-NEXT:    wrap.check_same_tensor %[[U]], %[[T]] {duplicate = 2 : i64, original = 1 : i64}
// SPEC-NEXT:    %[[R:.*]] = call @s(%[[S]], %[[T]])
// SPEC-NEXT:    return %[[R]]
func.func private @flat(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.subclass_wrapper @s : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @flat
// expected-error @below {{callee 's' is still a wrap.subclass_wrapper; run wrap-orchestrate and wrap-flatten-subclasses first}}
wrap.dedupe_wrapper @f : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
    calls @s dupes [0, 1, 1]
