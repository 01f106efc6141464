// The whole specialization pipeline on the five shapes of seed 000's table
// (aliased outputs, mutated inputs, arguments): every mutation and alias
// becomes its straight-line form, in order, and nothing generic is left.
// RUN: wrapc-opt %s -split-input-file --pass-pipeline='builtin.module(wrap-orchestrate,wrap-flatten-subclasses,wrap-specialize-mutation-epilogue,wrap-inline-alias-replay)' | FileCheck %s

// -----

// CHECK-LABEL: func.func @case_0alias_0mut_5args(
// CHECK-NOT:   wrap.bump_version
// CHECK:       wrap.grad_mode.get
// CHECK:       %[[R:.*]] = wrap.call_compiled @graph_case_0alias_0mut_5args
// CHECK-NEXT:  wrap.grad_mode.set
// CHECK-NEXT:  return
func.func private @graph_case_0alias_0mut_5args(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_0alias_0mut_5args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>) calls @graph_case_0alias_0mut_5args
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<non_alias>]

// -----

// CHECK-LABEL: func.func @case_2alias_0mut_5args(
// CHECK-NOT:   wrap.bump_version
// CHECK:       wrap.grad_mode.get
// CHECK:       %[[R:.*]]:3 = wrap.call_compiled @graph_case_2alias_0mut_5args
// CHECK-NEXT:  wrap.grad_mode.set
// CHECK-NEXT:  wrap.as_strided %arg0 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg1 [4] [1] 0
// CHECK-NEXT:  return
func.func private @graph_case_2alias_0mut_5args(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_2alias_0mut_5args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @graph_case_2alias_0mut_5args
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>, #wrap.output<non_alias>]

// -----

// CHECK-LABEL: func.func @case_0alias_2mut_5args(
// CHECK-NOT:   wrap.bump_version
// CHECK:       wrap.grad_mode.get
// CHECK:       %[[R:.*]]:3 = wrap.call_compiled @graph_case_0alias_2mut_5args
// CHECK-NEXT:  wrap.grad_mode.set
// CHECK-NEXT:  wrap.copy_inplace %arg0, %[[R]]#0
// CHECK-NEXT:  wrap.as_strided_inplace %arg1, %[[R]]#1
// CHECK-NEXT:  wrap.copy_inplace %arg1, %[[R]]#1
// CHECK-NEXT:  return
func.func private @graph_case_0alias_2mut_5args(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_0alias_2mut_5args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>) calls @graph_case_0alias_2mut_5args
    inputs [#wrap.input<mutates_data>, #wrap.input<mutates_data, mutates_metadata>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<non_alias>]

// -----

// CHECK-LABEL: func.func @case_3alias_1mut_10args(
// CHECK-NOT:   wrap.bump_version
// CHECK:       wrap.grad_mode.get
// CHECK:       %[[R:.*]]:5 = wrap.call_compiled @graph_case_3alias_1mut_10args
// CHECK-NEXT:  wrap.grad_mode.set
// CHECK-NEXT:  wrap.copy_inplace %arg0, %[[R]]#0
// CHECK-NEXT:  wrap.as_strided %arg0 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg1 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg2 [4] [1] 0
// CHECK-NEXT:  return
func.func private @graph_case_3alias_1mut_10args(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_3alias_1mut_10args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @graph_case_3alias_1mut_10args
    inputs [#wrap.input<mutates_data>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 2, view = <[4], [1], 0>>, #wrap.output<non_alias>]

// -----

// CHECK-LABEL: func.func @case_5alias_3mut_20args(
// CHECK-NOT:   wrap.bump_version
// CHECK:       wrap.grad_mode.get
// CHECK:       %[[R:.*]]:9 = wrap.call_compiled @graph_case_5alias_3mut_20args
// CHECK-NEXT:  wrap.grad_mode.set
// CHECK-NEXT:  wrap.copy_inplace %arg0, %[[R]]#0
// CHECK-NEXT:  wrap.as_strided_inplace %arg1, %[[R]]#1
// CHECK-NEXT:  wrap.copy_inplace %arg1, %[[R]]#1
// CHECK-NEXT:  wrap.detach_copy_inplace %arg2, %[[R]]#2
// CHECK-NEXT:  wrap.as_strided %arg0 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg1 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg2 [4] [1] 0
// An alias of an input that requires grad, traced as not requiring it.
// CHECK-NEXT:  wrap.detach
// CHECK-NEXT:  wrap.as_strided %arg3 [4] [1] 0
// CHECK-NEXT:  wrap.as_strided %arg4 [4] [1] 0
// CHECK-NEXT:  return
func.func private @graph_case_5alias_3mut_20args(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_5alias_3mut_20args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @graph_case_5alias_3mut_20args
    inputs [#wrap.input<mutates_data>, #wrap.input<mutates_data, mutates_metadata>, #wrap.input<mutates_data, requires_grad, is_leaf>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 2, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 3, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 4, view = <[4], [1], 0>>, #wrap.output<non_alias>]
