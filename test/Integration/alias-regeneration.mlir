// An aliased output is regenerated with the geometry of the output the graph
// returned (PyTorch's _replay_aliases passes that tensor to
// gen_alias_from_base), not with the view recorded at trace time: here the
// recorded view says [2]/[1]+0 but the graph returns [2]/[2]+1. Method
// dispatch, the specialized wrapper and the compiled code agree.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/one-tensor-4.json --format table > %t.dispatch
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/one-tensor-4.json --pipeline specialize --format table > %t.specialized
// RUN: wrapc run %s --entry f --inputs %S/Inputs/one-tensor-4.json --format table --quiet > %t.native
// RUN: diff %t.dispatch %t.specialized
// RUN: diff %t.dispatch %t.native
// RUN: FileCheck %s < %t.dispatch
// CHECK: out0 tensor#1 storage#0 f32 [2]/[2]+1 {{.*}} [1 3]

func.func private @graph(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<2xf32> {
  %v = wrap.as_strided %x [2] [2] 1 : !wrap.tensor<4xf32> -> !wrap.tensor<2xf32>
  return %v : !wrap.tensor<2xf32>
}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<2xf32> calls @graph
  inputs [#wrap.input<>]
  outputs [#wrap.output<alias_of_input, base = 0, view = <[2], [1], 0>>]
