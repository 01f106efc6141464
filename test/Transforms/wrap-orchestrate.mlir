// RUN: wrapc-opt %s -split-input-file --wrap-orchestrate | FileCheck %s

// Inference: grad mode saved, disabled around the call, restored; no
// version bump for an input the graph does not mutate; a pass-through output.
// CHECK-LABEL: func.func @inference(
// CHECK-SAME:    %[[X:.*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @g0(%[[X]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    %[[OUT:.*]] = wrap.replay_alias %[[R]] {info = #wrap.output<non_alias>}
// CHECK-NEXT:    return %[[OUT]]
// CHECK-NOT:   wrap.runtime_wrapper
func.func private @g0(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @inference : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g0
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

// Inputs mutated inside the graph get their version bumped before the call,
// unless the mutation is hidden from autograd. They return no new value.
// CHECK-LABEL: func.func @in_graph(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.bump_version %[[A]]
// CHECK-NOT:     wrap.bump_version %[[B]]
// CHECK:         wrap.call_compiled @g1(%[[A]], %[[B]]) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// CHECK-NOT:     wrap.apply_mutation
func.func private @g1(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
wrap.runtime_wrapper @in_graph : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @g1
    inputs [#wrap.input<mutates_data, keep_input_mutations>,
            #wrap.input<mutates_data, keep_input_mutations, mutations_hidden_from_autograd>]
    outputs []

// -----

// Joint graph: the inputs in detach_inputs are detached for the call, grad is
// enabled around it; the write-back uses the original input and is marked.
// CHECK-LABEL: func.func @joint(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[DB:.*]] = wrap.detach %[[B]]
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @g2(%[[A]], %[[DB]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    wrap.apply_mutation %[[A]], %[[R]] {info = #wrap.input<mutates_data, requires_grad>, trace_joint}
func.func private @g2(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @joint : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @g2
    inputs [#wrap.input<mutates_data, requires_grad>, #wrap.input<requires_grad>] outputs []
    {trace_joint, detach_inputs = array<i64: 1>}

// -----

// Result splitting: mutated-input updates first (in input order), then user
// outputs, then intermediate bases. Each alias replays from the right base:
// the original input, an intermediate base, or another user output.
// CHECK-LABEL: func.func @split(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>, %[[C:[^:]*]]: !wrap.tensor<4xf32>
// CHECK:         %[[R:.*]]:7 = wrap.call_compiled @g3(%[[A]], %[[B]], %[[C]])
// CHECK:         wrap.apply_mutation %[[A]], %[[R]]#0 {info = #wrap.input<mutates_data>}
// CHECK-NEXT:    wrap.apply_mutation %[[C]], %[[R]]#1 {info = #wrap.input<mutates_metadata>}
// CHECK-NEXT:    %[[O0:.*]] = wrap.replay_alias %[[R]]#2 from %[[B]] : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>}
// CHECK-NEXT:    %[[O1:.*]] = wrap.replay_alias %[[R]]#3 from %[[R]]#6 : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate, base = 0>}
// CHECK-NEXT:    %[[O2:.*]] = wrap.replay_alias %[[R]]#4 from %[[R]]#6 : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate_save_as_output, base = 0>}
// CHECK-NEXT:    %[[O3:.*]] = wrap.replay_alias %[[R]]#5 from %[[R]]#2 : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>}
// CHECK-NEXT:    return %[[O0]], %[[O1]], %[[O2]], %[[O3]]
func.func private @g3(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<8xf32>)
wrap.runtime_wrapper @split : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @g3
    inputs [#wrap.input<mutates_data>, #wrap.input<requires_grad, is_leaf>, #wrap.input<mutates_metadata>]
    outputs [#wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>,
             #wrap.output<alias_of_intermediate, base = 0>,
             #wrap.output<alias_of_intermediate_save_as_output, base = 0>,
             #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>]
    {num_intermediate_bases = 1}

// -----

// is_input keeps the original input as its base; dynamic dims are marked;
// a grad mode the user function changed is set last; symbolic ints pass
// straight through.
// CHECK-LABEL: func.func @marks(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?xf32>, %[[N:[^:]*]]: index
// CHECK:         %[[R:.*]]:2 = wrap.call_compiled @g4(%[[X]], %[[N]])
// CHECK:         %[[O:.*]] = wrap.replay_alias %[[R]]#0 from %[[X]] : !wrap.tensor<4x?xf32> {base_requires_grad = false, info = #wrap.output<is_input, base = 0, dynamic_dims = [1]>}
// CHECK-NEXT:    wrap.mark_dynamic %[[O]] [1]
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    return %[[O]], %[[R]]#1 : !wrap.tensor<4x?xf32>, index
func.func private @g4(!wrap.tensor<4x?xf32>, index) -> (!wrap.tensor<4x?xf32>, index)
wrap.runtime_wrapper @marks : (!wrap.tensor<4x?xf32>, index) -> (!wrap.tensor<4x?xf32>, index) calls @g4
    inputs [#wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<is_input, base = 0, dynamic_dims = [1]>, #wrap.output<non_alias>]
    {grad_enabled_mutation = true}
