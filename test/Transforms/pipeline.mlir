// The whole specialization pipeline on the five shapes of PyTorch's
// benchmark table (aliased outputs, mutated inputs, arguments), plus a
// subclass wrapper around a runtime wrapper and a graph that mutates its
// input in place: every mutation and alias becomes its straight-line form,
// in order, and nothing generic is left.
// RUN: wrapc-opt %s -split-input-file --wrap-specialize | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-specialize | FileCheck %s --check-prefix=GENERIC

// GENERIC-NOT: wrap.runtime_wrapper
// GENERIC-NOT: wrap.subclass_wrapper
// GENERIC-NOT: wrap.apply_mutation
// GENERIC-NOT: wrap.replay_alias

// (0 aliases, 0 mutations, 5 args): grad off around the call, nothing else.
// CHECK-LABEL: func.func @case_0alias_0mut_5args(
// CHECK-SAME:    %[[A0:[^:]*]]: !wrap.tensor<4xf32>, %[[A1:[^:]*]]: !wrap.tensor<4xf32>, %[[A2:[^:]*]]: !wrap.tensor<4xf32>, %[[A3:[^:]*]]: !wrap.tensor<4xf32>, %[[A4:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]
// CHECK-NEXT:    %[[R:.*]] = wrap.call_compiled @graph0(%[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[A4]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    return %[[R]] : !wrap.tensor<4xf32>
// CHECK-NEXT:  }
func.func private @graph0(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.runtime_wrapper @case_0alias_0mut_5args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph0
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<non_alias>]

// -----

// (2 aliases, 0 mutations, 5 args): two aliases regenerated from their
// bases with the geometry of the graph's outputs (symbolic sizes, strides
// and offsets read from them); a plain output.
// CHECK-LABEL: func.func @case_2alias_0mut_5args(
// CHECK-SAME:    %[[A0:[^:]*]]: !wrap.tensor<8xf32>, %[[A1:[^:]*]]: !wrap.tensor<?xf32>,
// CHECK-NOT:     wrap.bump_version
// CHECK:         %[[R:.*]]:3 = wrap.call_compiled @graph1(
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK:         %[[V0:.*]] = wrap.as_strided %[[A0]] [4] [%{{.*}}] %{{.*}} : !wrap.tensor<8xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[N:.*]] = wrap.tensor.size %[[R]]#1, 0 : !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[S:.*]] = wrap.tensor.stride %[[R]]#1, 0 : !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[O:.*]] = wrap.tensor.offset %[[R]]#1 : !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[V1:.*]] = wrap.as_strided %[[A1]] [%[[N]]] [%[[S]]] %[[O]] : !wrap.tensor<?xf32> -> !wrap.tensor<?xf32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[R]]#2 :
func.func private @graph1(!wrap.tensor<8xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_2alias_0mut_5args : (!wrap.tensor<8xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4xf32>) calls @graph1
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[4], [2], 0>>, #wrap.output<alias_of_input, base = 1, view = <[?], [1], 1>>, #wrap.output<non_alias>]

// -----

// (0 aliases, 2 mutations, 5 args): a data mutation (copy_) and a data and
// metadata mutation (as_strided_ then copy_), written back in input order
// after grad mode is restored.
// CHECK-LABEL: func.func @case_0alias_2mut_5args(
// CHECK-SAME:    %[[A0:[^:]*]]: !wrap.tensor<4xf32>, %[[A1:[^:]*]]: !wrap.tensor<4xf32>,
// CHECK-NOT:     wrap.bump_version
// CHECK:         %[[R:.*]]:3 = wrap.call_compiled @graph2(
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    wrap.copy_inplace %[[A0]], %[[R]]#0
// CHECK-NEXT:    wrap.as_strided_inplace %[[A1]], %[[R]]#1
// CHECK-NEXT:    wrap.copy_inplace %[[A1]], %[[R]]#1
// CHECK-NEXT:    return %[[R]]#2 :
func.func private @graph2(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_0alias_2mut_5args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @graph2
    inputs [#wrap.input<mutates_data>, #wrap.input<mutates_data, mutates_metadata>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<non_alias>]

// -----

// (3 aliases, 1 mutation, 10 args): the mutated input is written back before
// its alias is regenerated from it; an is_input output is the input itself;
// an alias of an intermediate base keeps the run-time requires_grad patch;
// the intermediate base is not returned.
// CHECK-LABEL: func.func @case_3alias_1mut_10args(
// CHECK-SAME:    %[[A0:[^:]*]]: !wrap.tensor<4xf32>, %[[A1:[^:]*]]: !wrap.tensor<4xf32>, %[[A2:[^:]*]]: !wrap.tensor<4xf32>,
// CHECK:         %[[R:.*]]:6 = wrap.call_compiled @graph3(
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    wrap.copy_inplace %[[A0]], %[[R]]#0
// CHECK:         %[[V0:.*]] = wrap.as_strided %[[A0]] [2] [%{{.*}}] %{{.*}} : !wrap.tensor<4xf32> -> !wrap.tensor<2xf32>
// CHECK:         %[[V2:.*]] = wrap.as_strided %[[R]]#5 [4] [%{{.*}}] %{{.*}} : !wrap.tensor<16xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[P2:.*]] = wrap.patch_requires_grad %[[V2]] from %[[R]]#5, false
// CHECK-NEXT:    return %[[V0]], %[[A2]], %[[P2]], %[[R]]#4 : !wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
func.func private @graph3(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<16xf32>)
wrap.runtime_wrapper @case_3alias_1mut_10args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @graph3
    inputs [#wrap.input<mutates_data>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[2], [2], 1>>, #wrap.output<is_input, base = 2>,
             #wrap.output<alias_of_intermediate, base = 0, view = <[4], [1], 4>>, #wrap.output<non_alias>]
    {num_intermediate_bases = 1}

// -----

// (5 aliases, 3 mutations, 20 args): copy_, as_strided_ + copy_, and
// detach().copy_ for a leaf that requires grad; five aliases of inputs:
// of the mutated input 0 traced as requiring grad although the input does
// not (requires_grad_), of the two inputs that require grad traced as not
// requiring it (detached), one dtype view; dynamic dims marked on the
// detached alias; grad mode the user function left on is restored last.
// CHECK-LABEL: func.func @case_5alias_3mut_20args(
// CHECK-SAME:    %[[A0:[^:]*]]: !wrap.tensor<4xf32>, %[[A1:[^:]*]]: !wrap.tensor<4xf32>, %[[A2:[^:]*]]: !wrap.tensor<4xf32>, %[[A3:[^:]*]]: !wrap.tensor<4xf32>, %[[A4:[^:]*]]: !wrap.tensor<4xf32>,
// CHECK-NOT:     wrap.bump_version
// CHECK:         %[[R:.*]]:9 = wrap.call_compiled @graph4(
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    wrap.copy_inplace %[[A0]], %[[R]]#0
// CHECK-NEXT:    wrap.as_strided_inplace %[[A1]], %[[R]]#1
// CHECK-NEXT:    wrap.copy_inplace %[[A1]], %[[R]]#1
// CHECK-NEXT:    wrap.detach_copy_inplace %[[A2]], %[[R]]#2
// CHECK:         %[[V0:.*]] = wrap.as_strided %[[A0]] [4] [%{{.*}}] %{{.*}}
// CHECK-NEXT:    wrap.set_requires_grad %[[V0]], true
// CHECK:         %[[V1:.*]] = wrap.as_strided %[[A1]] [2] [%{{.*}}] %{{.*}}
// CHECK:         %[[V2:.*]] = wrap.as_strided %[[A2]] [4] [%{{.*}}] %{{.*}}
// CHECK-NEXT:    %[[D2:.*]] = wrap.detach %[[V2]]
// CHECK:         %[[V3:.*]] = wrap.as_strided %[[A3]] [4] [%{{.*}}] %{{.*}}
// CHECK-NEXT:    %[[D3:.*]] = wrap.detach %[[V3]]
// CHECK-NEXT:    wrap.mark_dynamic %[[D3]] [0]
// CHECK-NEXT:    %[[T4:.*]] = wrap.view_dtype %[[A4]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
// CHECK:         %[[V4:.*]] = wrap.as_strided %[[T4]] [4] [%{{.*}}] %{{.*}} : !wrap.tensor<4xi32> -> !wrap.tensor<4xi32>
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[D2]], %[[D3]], %[[V4]], %[[R]]#8 :
func.func private @graph4(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @case_5alias_3mut_20args : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi32>, !wrap.tensor<4xf32>) calls @graph4
    inputs [#wrap.input<mutates_data>, #wrap.input<mutates_data, mutates_metadata>, #wrap.input<mutates_data, mutations_hidden_from_autograd, requires_grad, is_leaf>, #wrap.input<requires_grad, is_leaf>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, requires_grad, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 1, view = <[2], [1], 2>>,
             #wrap.output<alias_of_input, base = 2, view = <[4], [1], 0>>, #wrap.output<alias_of_input, base = 3, view = <[4], [1], 0>, dynamic_dims = [0]>,
             #wrap.output<alias_of_input, base = 4, view = <[4], [1], 0>, dtype = i32>, #wrap.output<non_alias>]
    {grad_enabled_mutation = true}

// -----

// A subclass wrapper around a runtime wrapper (orchestrate runs first, then
// flatten calls the function it made); joint graph with a detached input.
// CHECK-LABEL: func.func @inner(
// CHECK-SAME:    %[[P:[^:]*]]: !wrap.tensor<4xf32>, %[[Q:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    %[[DQ:.*]] = wrap.detach %[[Q]]
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
// CHECK-NEXT:    %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT:    wrap.grad_mode.set %[[TRUE]]
// CHECK-NEXT:    %[[R:.*]]:2 = wrap.call_compiled @inner_graph(%[[P]], %[[DQ]])
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]
// CHECK-NEXT:    wrap.mark_differentiable %[[R]]#0, true
// CHECK-NEXT:    wrap.mark_differentiable %[[R]]#1, false
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1
// CHECK-LABEL: func.func @outer(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor"
// CHECK-NEXT:    wrap.subclass.check_type %[[S]]
// CHECK-NEXT:    %[[U:.*]]:2 = wrap.subclass.unwrap %[[S]]
// CHECK-NEXT:    %[[F:.*]]:2 = call @inner(%[[U]]#0, %[[U]]#1)
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[F]]#0, %[[F]]#1 :
// CHECK-NEXT:    return %[[W]]
func.func private @inner_graph(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.runtime_wrapper @inner : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) calls @inner_graph
    inputs [#wrap.input<requires_grad, is_leaf>, #wrap.input<>]
    outputs [#wrap.output<non_alias, requires_grad>, #wrap.output<non_alias>]
    {trace_joint, detach_inputs = array<i64: 1>}
wrap.subclass_wrapper @outer : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>)
    -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @inner

// -----

// A compiled graph that mutates its input in place and returns it: the
// copy_ of the write-back is elided, its version bump kept; an input
// mutated inside the graph gets its bump before the call.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>, %[[Y:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    wrap.bump_version %[[Y]]
// CHECK:         %[[R:.*]]:2 = wrap.call_compiled @in_place_graph(%[[X]], %[[Y]])
// CHECK-NEXT:    wrap.grad_mode.set
// CHECK-NEXT:    wrap.bump_version %[[X]]
// CHECK-NEXT:    return %[[R]]#1
func.func private @in_place_graph(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  return %x, %y : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
wrap.runtime_wrapper @in_place : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @in_place_graph
    inputs [#wrap.input<mutates_data>, #wrap.input<mutates_data, keep_input_mutations>]
    outputs [#wrap.output<non_alias>]
