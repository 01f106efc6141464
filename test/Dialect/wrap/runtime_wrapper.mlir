// wrap.runtime_wrapper: the custom syntax, every wrapper-level attribute, and
// default-valued attributes elided from the printed form.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// The smallest wrapper: nothing mutated, one pass-through output; no
// attribute dictionary is printed.
// CHECK:      func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.runtime_wrapper @minimal : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]{{$}}
func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @minimal : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

// No inputs and no outputs at all.
// CHECK: wrap.runtime_wrapper @empty : () -> () calls @g inputs [] outputs []{{$}}
func.func private @g() -> ()
wrap.runtime_wrapper @empty : () -> () calls @g inputs [] outputs []

// -----

// Every wrapper-level attribute, printed in the attribute dictionary in
// alphabetical order: detach_inputs, disable_amp, grad_enabled_mutation,
// num_intermediate_bases, trace_joint.
// CHECK:      func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, !wrap.tensor<8xf32>)
// CHECK-NEXT: wrap.runtime_wrapper @full : (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, index) calls @graph
// CHECK-SAME:   inputs [#wrap.input<mutates_data, requires_grad, is_leaf>, #wrap.input<mutates_data, keep_input_mutations>, #wrap.input<>]
// CHECK-SAME:   outputs [#wrap.output<alias_of_intermediate, base = 0, view = <[4], [2], 0>>, #wrap.output<non_alias>]
// CHECK-SAME:   {detach_inputs = array<i64: 0, 1>, disable_amp, grad_enabled_mutation = false, num_intermediate_bases = 1 : i64, trace_joint}{{$}}
func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, !wrap.tensor<8xf32>)
wrap.runtime_wrapper @full : (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<4xf32>, index)
    calls @graph
    inputs [#wrap.input<mutates_data, requires_grad, is_leaf>, #wrap.input<mutates_data, keep_input_mutations>, #wrap.input<>]
    outputs [#wrap.output<alias_of_intermediate, base = 0, view = <[4], [2], 0>>, #wrap.output<non_alias>]
    {trace_joint, detach_inputs = array<i64: 0, 1>, num_intermediate_bases = 1, grad_enabled_mutation = false, disable_amp}

// -----

// Default values are elided: an empty detach_inputs and zero intermediate
// bases do not print; grad_enabled_mutation = true does.
// CHECK: wrap.runtime_wrapper @defaults : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g inputs [#wrap.input<>] outputs [#wrap.output<non_alias>] {grad_enabled_mutation = true}{{$}}
func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @defaults : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]
    {detach_inputs = array<i64>, num_intermediate_bases = 0, grad_enabled_mutation = true}

// -----

// Symbolic ints (index and signless integers) as inputs and outputs, and
// aliases of every kind in one wrapper; the callee returns the mutated
// input's new value first and the intermediate base last.
// CHECK:      func.func private @graph(!wrap.tensor<?xf32, cuda>, index, i64) -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<2xf32, cuda>, i64, !wrap.tensor<2xf32, cuda>, !wrap.tensor<16xf32, cuda>)
// CHECK-NEXT: wrap.runtime_wrapper @symints : (!wrap.tensor<?xf32, cuda>, index, i64) -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<2xf32, cuda>, i64, !wrap.tensor<2xf32, cuda>) calls @graph
// CHECK-SAME:   inputs [#wrap.input<mutates_data>, #wrap.input<>, #wrap.input<>]
// CHECK-SAME:   outputs [#wrap.output<is_input, base = 0>, #wrap.output<alias_of_input, base = 0, view = <[?], [1], 0>, dynamic_dims = [0]>, #wrap.output<alias_of_intermediate_save_as_output, base = 0, requires_grad>, #wrap.output<non_alias>, #wrap.output<alias_of_intermediate_base_is_user_output, base = 2, view = <[2], [1], 0>>]
// CHECK-SAME:   {num_intermediate_bases = 1 : i64}{{$}}
func.func private @graph(!wrap.tensor<?xf32, cuda>, index, i64) -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<2xf32, cuda>, i64, !wrap.tensor<2xf32, cuda>, !wrap.tensor<16xf32, cuda>)
wrap.runtime_wrapper @symints : (!wrap.tensor<?xf32, cuda>, index, i64) -> (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, !wrap.tensor<2xf32, cuda>, i64, !wrap.tensor<2xf32, cuda>)
    calls @graph
    inputs [#wrap.input<mutates_data>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<is_input, base = 0>,
             #wrap.output<alias_of_input, base = 0, view = <[?], [1], 0>, dynamic_dims = [0]>,
             #wrap.output<alias_of_intermediate_save_as_output, base = 0, requires_grad>,
             #wrap.output<non_alias>,
             #wrap.output<alias_of_intermediate_base_is_user_output, base = 2, view = <[2], [1], 0>>]
    {num_intermediate_bases = 1}

// -----

// PyTorch's layering with tensor subclasses: the outer wrapper, with
// subclass-level metadata, calls the subclass wrapper; subclass instances
// may be mutated (in or out of the graph) and returned.
// CHECK: wrap.subclass_wrapper @g
// CHECK: wrap.runtime_wrapper @outer : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.subclass<"TwoTensor"{{.*}}>, !wrap.tensor<4xf32>) -> (!wrap.subclass<"TwoTensor"{{.*}}>, !wrap.tensor<4xf32>) calls @g
// CHECK-SAME: outputs [#wrap.output<is_input, base = 0>, #wrap.output<non_alias>]
!Two = !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @g : (!Two, !Two, !wrap.tensor<4xf32>) -> (!Two, !Two, !wrap.tensor<4xf32>) calls @graph
wrap.runtime_wrapper @outer : (!Two, !Two, !wrap.tensor<4xf32>) -> (!Two, !wrap.tensor<4xf32>) calls @g
    inputs [#wrap.input<mutates_data, is_leaf>,
            #wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode, is_leaf, keep_input_mutations>,
            #wrap.input<is_leaf>]
    outputs [#wrap.output<is_input, base = 0>, #wrap.output<non_alias>]

// -----

// A training forward graph as AOTAutograd partitions it: after the outputs,
// a tensor and a symbolic int saved for backward.
// CHECK: wrap.runtime_wrapper @fw : (!wrap.tensor<?xf32>) -> !wrap.tensor<?xf32> calls @fw_graph inputs [#wrap.input<requires_grad, is_leaf>] outputs [#wrap.output<non_alias, requires_grad>] {num_saved_symints = 1 : i64, num_saved_tensors = 1 : i64, trace_joint}
func.func private @fw_graph(!wrap.tensor<?xf32>) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
wrap.runtime_wrapper @fw : (!wrap.tensor<?xf32>) -> !wrap.tensor<?xf32> calls @fw_graph
    inputs [#wrap.input<requires_grad, is_leaf>] outputs [#wrap.output<non_alias, requires_grad>]
    {trace_joint, num_saved_tensors = 1, num_saved_symints = 1}

