// An output aliasing a subclass input: regenerating a view of an instance
// is its __torch_dispatch__'s, so the wrapper returns the callee's instance
// as it is (an embedder makes it a view of the base again, as PyTorch's
// gen_alias_from_base does), by method dispatch, after specialization and
// compiled alike.
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table > %t.level1
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --pipeline specialize > %t.level2
// RUN: wrapc run %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --quiet > %t.native
// RUN: diff %t.level1 %t.level2
// RUN: diff %t.level1 %t.native
// RUN: FileCheck %s < %t.native
// No input is touched.
// CHECK:      in0        TwoTensor outer [4] v0
// The alias is the instance the subclass wrapper rebuilt from the graph's
// leaves (x's own), not x.
// CHECK:      out0       TwoTensor outer [4] v0
// CHECK-NEXT: out0.a     tensor#0
// CHECK-NEXT: out0.b     tensor#1

!Two = !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
func.func private @graph(%xa: !wrap.tensor<4xf32>, %xb: !wrap.tensor<4xf32>, %ya: !wrap.tensor<4xf32>, %yb: !wrap.tensor<4xf32>, %z: !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  return %xa, %xb : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
wrap.subclass_wrapper @g : (!Two, !Two, !wrap.tensor<4xf32>) -> !Two calls @graph
wrap.runtime_wrapper @outer : (!Two, !Two, !wrap.tensor<4xf32>) -> !Two calls @g
  inputs [#wrap.input<is_leaf>, #wrap.input<is_leaf>, #wrap.input<is_leaf>]
  outputs [#wrap.output<alias_of_input, base = 0>]
