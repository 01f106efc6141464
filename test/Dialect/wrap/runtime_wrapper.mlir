// wrap.runtime_wrapper with every wrapper-level attribute.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, !wrap.tensor<8xf32>)
// CHECK-NEXT: wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, index) calls @graph inputs [#wrap.input<mutates_data, requires_grad, is_leaf>, #wrap.input<mutates_data, keep_input_mutations>, #wrap.input<>] outputs [#wrap.output<alias_of_intermediate, base = 0, view = <[4], [2], 0>>, #wrap.output<non_alias>] {detach_inputs = array<i64: 1>, disable_amp, grad_enabled_mutation = false, num_intermediate_bases = 1 : i64, trace_joint}
// CHECK-NEXT: }

func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, !wrap.tensor<8xf32>)
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, index)
    calls @graph
    inputs [#wrap.input<mutates_data, requires_grad, is_leaf>, #wrap.input<mutates_data, keep_input_mutations>, #wrap.input<>]
    outputs [#wrap.output<alias_of_intermediate, base = 0, view = <[4], [2], 0>>, #wrap.output<non_alias>]
    {trace_joint, detach_inputs = array<i64: 1>, num_intermediate_bases = 1, grad_enabled_mutation = false, disable_amp}
