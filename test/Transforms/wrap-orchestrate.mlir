// wrap-orchestrate: one straight-line func.func per wrap.runtime_wrapper,
// PyTorch's _runtime_wrapper with every branch resolved from the metadata.
// RUN: wrapc-opt %s -split-input-file --wrap-orchestrate | FileCheck %s

// Inference: grad mode saved, disabled around the call, restored right after
// it; nothing mutated so no bump and no write-back; a pass-through output;
// no grad_enabled_mutation, so the return follows the replay.
// CHECK-LABEL: func.func @inference(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @g0(%[[X]]) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    %[[OUT:.*]] = wrap.replay_alias %[[R]] {info = #wrap.output<non_alias>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[OUT]] : !wrap.tensor<4xf32>
// CHECK-NEXT:  }
// CHECK-NOT:   wrap.runtime_wrapper
func.func private @g0(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @inference : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g0
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

// Version bumps, before anything else, for inputs mutated inside the graph
// whose mutation autograd sees; MutationType derived as PyTorch does:
//   %a <data, keep>                                  in graph, bumped
//   %b <data, hidden, keep>                          in graph, hidden: no bump
//   %c <data, requires_grad, keep>                   out of graph (needs grad)
//   %d <data, under_no_grad, requires_grad, keep>    in graph, bumped
//   %e <data, metadata, keep>                        out of graph (metadata)
//   %f <storage resize, keep>                        in graph, bumped
//   %g <data>                                        out of graph (not kept)
// The callee returns the new values of %c, %e, %g in input order, and they
// are written back in that order, after grad mode is restored.
// CHECK-LABEL: func.func @mutation_types(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>, %[[C:[^:]*]]: !wrap.tensor<4xf32>, %[[D:[^:]*]]: !wrap.tensor<4xf32>, %[[E:[^:]*]]: !wrap.tensor<4xf32>, %[[F:[^:]*]]: !wrap.tensor<4xf32>, %[[G:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    wrap.bump_version %[[A]]
// CHECK-NEXT:    wrap.bump_version %[[D]]
// CHECK-NEXT:    wrap.bump_version %[[F]]
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]
// CHECK-NEXT:    %[[R:.*]]:3 = wrap.call_compiled @g1(%[[A]], %[[B]], %[[C]], %[[D]], %[[E]], %[[F]], %[[G]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    wrap.apply_mutation %[[C]], %[[R]]#0 {info = #wrap.input<mutates_data, requires_grad, keep_input_mutations>}
// CHECK-NEXT:    wrap.apply_mutation %[[E]], %[[R]]#1 {info = #wrap.input<mutates_data, mutates_metadata, keep_input_mutations>}
// CHECK-NEXT:    wrap.apply_mutation %[[G]], %[[R]]#2 {info = #wrap.input<mutates_data>}
// CHECK-NEXT:    return
func.func private @g1(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @mutation_types : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @g1
    inputs [#wrap.input<mutates_data, keep_input_mutations>,
            #wrap.input<mutates_data, keep_input_mutations, mutations_hidden_from_autograd>,
            #wrap.input<mutates_data, requires_grad, keep_input_mutations>,
            #wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode, requires_grad, keep_input_mutations>,
            #wrap.input<mutates_data, mutates_metadata, keep_input_mutations>,
            #wrap.input<mutation_inductor_storage_resize, keep_input_mutations>,
            #wrap.input<mutates_data>]
    outputs []

// -----

// Joint graph: version bumps first, then the inputs in detach_inputs are
// detached (only for the call), grad is saved, enabled around the call and
// restored; the callee's returns are marked as its autograd.Function marks
// them (the update of an input that requires grad is differentiable; an
// aliased output is boxed and left alone); the write-back and the alias
// replay use the original inputs and the write-back is marked trace_joint.
// CHECK-LABEL: func.func @joint(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>, %[[K:[^:]*]]: !wrap.tensor<4xf32>, %[[W:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    wrap.bump_version %[[K]]
// CHECK-NEXT:    %[[DB:.*]] = wrap.detach %[[B]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[DW:.*]] = wrap.detach %[[W]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    %[[R:.*]]:2 = wrap.call_compiled @g2(%[[A]], %[[DB]], %[[K]], %[[DW]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    wrap.mark_differentiable %[[R]]#0, true
// CHECK-NEXT:    wrap.apply_mutation %[[A]], %[[R]]#0 {info = #wrap.input<mutates_data, requires_grad>, trace_joint}
// CHECK-NEXT:    %[[O:.*]] = wrap.replay_alias %[[R]]#1 from %[[B]] : !wrap.tensor<4xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>}
// CHECK-NEXT:    return %[[O]]
func.func private @g2(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @joint : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g2
    inputs [#wrap.input<mutates_data, requires_grad>, #wrap.input<>, #wrap.input<mutates_data, keep_input_mutations>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>]
    {trace_joint, detach_inputs = array<i64: 1, 3>}

// -----

// Joint graph without inputs to detach: no wrap.detach at all.
// CHECK-LABEL: func.func @joint_no_detach(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @g3(%[[X]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    wrap.mark_differentiable %[[R]], true
// CHECK-NOT:     wrap.detach
// CHECK:         return
func.func private @g3(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @joint_no_detach : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g3
    inputs [#wrap.input<requires_grad, is_leaf>] outputs [#wrap.output<non_alias, requires_grad>] {trace_joint}

// -----

// Result splitting: mutated-input updates first (in input order), then user
// outputs, then intermediate bases. Each alias replays from its base: the
// original input (with its requires_grad known), an intermediate base
// result (fw_outs[num_outputs + base]), or the graph's own user output
// (fw_outs[base]); pass-through kinds take no base, even when the metadata
// names one.
// CHECK-LABEL: func.func @split(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>, %[[C:[^:]*]]: !wrap.tensor<4xf32>
// CHECK:         %[[R:.*]]:10 = wrap.call_compiled @g4(%[[A]], %[[B]], %[[C]])
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    wrap.apply_mutation %[[A]], %[[R]]#0 {info = #wrap.input<mutates_data>}
// CHECK-NEXT:    wrap.apply_mutation %[[C]], %[[R]]#1 {info = #wrap.input<mutates_metadata>}
// CHECK-NEXT:    %[[O0:.*]] = wrap.replay_alias %[[R]]#2 from %[[B]] : !wrap.tensor<4xf32> {base_requires_grad = true, info = #wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>}
// CHECK-NEXT:    %[[O1:.*]] = wrap.replay_alias %[[R]]#3 from %[[R]]#9 : !wrap.tensor<2x8xf32> {info = #wrap.output<alias_of_intermediate, base = 1>}
// CHECK-NEXT:    %[[O2:.*]] = wrap.replay_alias %[[R]]#4 from %[[R]]#8 : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate_save_as_output, base = 0>}
// CHECK-NEXT:    %[[O3:.*]] = wrap.replay_alias %[[R]]#5 from %[[R]]#2 : !wrap.tensor<4xf32> {info = #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>}
// CHECK-NEXT:    %[[O4:.*]] = wrap.replay_alias %[[R]]#6 {info = #wrap.output<unsafe_view_alias, base = 0>}
// CHECK-NEXT:    %[[O5:.*]] = wrap.replay_alias %[[R]]#7 {info = #wrap.output<custom_function_view>}
// CHECK-NEXT:    return %[[O0]], %[[O1]], %[[O2]], %[[O3]], %[[O4]], %[[O5]] :
func.func private @g4(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<8xf32>, !wrap.tensor<2x8xf32>)
wrap.runtime_wrapper @split : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @g4
    inputs [#wrap.input<mutates_data>, #wrap.input<requires_grad, is_leaf>, #wrap.input<mutates_metadata>]
    outputs [#wrap.output<alias_of_input, base = 1, view = <[4], [1], 0>>,
             #wrap.output<alias_of_intermediate, base = 1>,
             #wrap.output<alias_of_intermediate_save_as_output, base = 0>,
             #wrap.output<alias_of_intermediate_base_is_user_output, base = 0>,
             #wrap.output<unsafe_view_alias, base = 0>,
             #wrap.output<custom_function_view>]
    {num_intermediate_bases = 2}

// -----

// is_input keeps the original input as its base; dynamic dims are marked on
// every output that has them, right after it is produced; a grad mode the
// user function changed is set last; symbolic ints pass straight through
// (no replay, no mark).
// CHECK-LABEL: func.func @marks(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4x?xf32>, %[[N:[^:]*]]: index
// CHECK:         %[[R:.*]]:3 = wrap.call_compiled @g5(%[[X]], %[[N]])
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    %[[O:.*]] = wrap.replay_alias %[[R]]#0 from %[[X]] : !wrap.tensor<4x?xf32> {base_requires_grad = false, info = #wrap.output<is_input, base = 0, dynamic_dims = [1]>}
// CHECK-NEXT:    wrap.mark_dynamic %[[O]] [1] : !wrap.tensor<4x?xf32>
// CHECK-NEXT:    %[[P:.*]] = wrap.replay_alias %[[R]]#2 {info = #wrap.output<non_alias, dynamic_dims = [0, 1]>}
// CHECK-NEXT:    wrap.mark_dynamic %[[P]] [0, 1] : !wrap.tensor<?x?xf32>
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    return %[[O]], %[[R]]#1, %[[P]] : !wrap.tensor<4x?xf32>, index, !wrap.tensor<?x?xf32>
func.func private @g5(!wrap.tensor<4x?xf32>, index) -> (!wrap.tensor<4x?xf32>, index, !wrap.tensor<?x?xf32>)
wrap.runtime_wrapper @marks : (!wrap.tensor<4x?xf32>, index) -> (!wrap.tensor<4x?xf32>, index, !wrap.tensor<?x?xf32>) calls @g5
    inputs [#wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<is_input, base = 0, dynamic_dims = [1]>, #wrap.output<non_alias>, #wrap.output<non_alias, dynamic_dims = [0, 1]>]
    {grad_enabled_mutation = true}

// -----

// grad_enabled_mutation = false: grad is disabled as the very last step.
// CHECK-LABEL: func.func @grad_off(
// CHECK:         wrap.call_compiled @g6
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func private @g6() -> ()
wrap.runtime_wrapper @grad_off : () -> () calls @g6 inputs [] outputs [] {grad_enabled_mutation = false}

// -----

// Symbolic-int inputs (leading, as Dynamo passes them) and a symbolic-int
// output; base indices count them.
// CHECK-LABEL: func.func @symints(
// CHECK-SAME:    %[[S0:[^:]*]]: index, %[[S1:[^:]*]]: i64, %[[X:[^:]*]]: !wrap.tensor<?xf32>) -> (i64, !wrap.tensor<?xf32>)
// CHECK-NOT:     wrap.bump_version
// CHECK:         %[[R:.*]]:2 = wrap.call_compiled @g7(%[[S0]], %[[S1]], %[[X]]) : (index, i64, !wrap.tensor<?xf32>) -> (i64, !wrap.tensor<?xf32>)
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    %[[O:.*]] = wrap.replay_alias %[[R]]#1 from %[[X]] : !wrap.tensor<?xf32> {base_requires_grad = false, info = #wrap.output<alias_of_input, base = 2, view = <[?], [1], 0>>}
// CHECK-NEXT:    return %[[R]]#0, %[[O]] : i64, !wrap.tensor<?xf32>
func.func private @g7(index, i64, !wrap.tensor<?xf32>) -> (i64, !wrap.tensor<?xf32>)
wrap.runtime_wrapper @symints : (index, i64, !wrap.tensor<?xf32>) -> (i64, !wrap.tensor<?xf32>) calls @g7
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<non_alias>, #wrap.output<alias_of_input, base = 2, view = <[?], [1], 0>>]

// -----

// Several wrappers in one module, sharing a callee: each becomes its own
// function, in place.
// CHECK:       func.func private @g8(
// CHECK-NEXT:  func.func @first(
// CHECK:       func.func @second(
// CHECK-NOT:   wrap.runtime_wrapper
func.func private @g8(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @first : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g8
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]
wrap.runtime_wrapper @second : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g8
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

// disable_amp travels to the call (autocast off around it).
// CHECK-LABEL: func.func @no_amp(
// CHECK:         wrap.call_compiled @g_amp(%{{.*}}) {disable_amp}
func.func private @g_amp(!wrap.tensor<4xf32>) -> ()
wrap.runtime_wrapper @no_amp : (!wrap.tensor<4xf32>) -> () calls @g_amp
    inputs [#wrap.input<>] outputs [] {disable_amp}

// -----

// An outer wrapper over a subclass wrapper: the version bump of the
// instance the graph mutates, the call of the subclass wrapper, a copy_
// back into the instance mutated out of the graph (attribute by attribute
// at run time), and the input itself returned. No view is taken of an
// instance.
// CHECK-LABEL: func.func @outer(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.subclass<"TwoTensor"{{[^%]*}}, %[[Y:[^:]*]]: !wrap.subclass<"TwoTensor"{{[^%]*}}, %[[Z:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    wrap.bump_version %[[Y]] : !wrap.subclass<"TwoTensor"
// CHECK:         %[[R:.*]]:3 = wrap.call_compiled @g(%[[X]], %[[Y]], %[[Z]])
// CHECK:         wrap.copy_inplace %[[X]], %[[R]]#0 : !wrap.subclass<"TwoTensor"{{.*}}>, !wrap.subclass<"TwoTensor"
// CHECK:         return %[[X]], %{{.*}} : !wrap.subclass<"TwoTensor"
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

// Values saved for backward come back from the forward graph last; the
// wrapper marks only what CompiledFunction returns and drops them.
// CHECK-LABEL: func.func @fw(
// CHECK:         %[[R:.*]]:3 = wrap.call_compiled @fw_graph(
// CHECK:         wrap.mark_differentiable %[[R]]#0, true
// CHECK-NOT:     wrap.mark_differentiable
// CHECK:         return
func.func private @fw_graph(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index)
wrap.runtime_wrapper @fw : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @fw_graph
    inputs [#wrap.input<requires_grad, is_leaf>] outputs [#wrap.output<non_alias, requires_grad>]
    {trace_joint, num_saved_tensors = 1, num_saved_symints = 1}

