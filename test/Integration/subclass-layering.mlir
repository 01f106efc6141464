// PyTorch's wrapper layering with tensor subclasses: an outer runtime
// wrapper (subclass-level metadata) around the subclass wrapper around the
// graph. By method dispatch, after specialization and compiled: the same
// effects.
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table > %t.level1
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --pipeline specialize > %t.level2
// RUN: wrapc run %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --quiet > %t.native
// RUN: diff %t.level1 %t.level2
// RUN: diff %t.level1 %t.native
// RUN: FileCheck %s < %t.native
// x is mutated out of the graph: copy_ into the instance bumps its own
// version and copies attribute by attribute below the bump, as the
// subclass's __torch_dispatch__ runs (eager's x.add_(y) on a TwoTensor moves
// x._version, not x.a._version).
// CHECK:      in0        TwoTensor outer [4] v1
// CHECK-NEXT: in0.a      {{.*}} v0 {{.*}} [9 9 9 9]
// CHECK-NEXT: in0.b      {{.*}} v0 {{.*}} [9 9 9 9]
// y is mutated in the graph: only the instance's version moves here.
// CHECK-NEXT: in1        TwoTensor outer [4] v1
// CHECK-NEXT: in1.a      {{.*}} v0
// CHECK-NEXT: in1.b      {{.*}} v0
// The first output is x itself (is_input): the same leaves.
// CHECK:      out0       TwoTensor outer [4] v1
// CHECK-NEXT: out0.a     tensor#0
// CHECK-NEXT: out0.b     tensor#1

!Two = !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
// The graph over the leaves: x's new leaves (the source z), y's leaves
// (returned for the output is_input of x), and z.
func.func private @graph(%xa: !wrap.tensor<4xf32>, %xb: !wrap.tensor<4xf32>, %ya: !wrap.tensor<4xf32>, %yb: !wrap.tensor<4xf32>, %z: !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  return %z, %z, %xa, %xb, %z : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
wrap.subclass_wrapper @g : (!Two, !Two, !wrap.tensor<4xf32>) -> (!Two, !Two, !wrap.tensor<4xf32>) calls @graph
wrap.runtime_wrapper @outer : (!Two, !Two, !wrap.tensor<4xf32>) -> (!Two, !wrap.tensor<4xf32>) calls @g
  inputs [#wrap.input<mutates_data, is_leaf>,
          #wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode, is_leaf, keep_input_mutations>,
          #wrap.input<is_leaf>]
  outputs [#wrap.output<is_input, base = 0>, #wrap.output<non_alias>]
  {num_intermediate_bases = 0}
