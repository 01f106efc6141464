// Training with tensor subclasses: PyTorch puts the subclass wrapper inside
// CompiledFunction, so the runtime wrapper (trace_joint, subclass-level
// metadata) calls an autograd function over the instances themselves. Here
// that callee is a function unwrapping and wrapping them. By method
// dispatch, after specialization and compiled: the same effects.
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table > %t.level1
// RUN: wrapc interpret %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --pipeline specialize > %t.level2
// RUN: wrapc run %s --entry outer --inputs %S/Inputs/two-tensors-and-source.json --format table --quiet > %t.native
// RUN: diff %t.level1 %t.level2
// RUN: diff %t.level1 %t.native
// RUN: FileCheck %s < %t.native
// y is mutated out of the graph (no grad required): copy_ into the
// instance, attribute by attribute, its own version moved once.
// CHECK:      in0        TwoTensor outer [4] v0
// CHECK:      in1        TwoTensor outer [4] v1
// CHECK-NEXT: in1.a      {{.*}} v0 {{.*}} [9 9 9 9]
// CHECK-NEXT: in1.b      {{.*}} v0 {{.*}} [9 9 9 9]
// The callee's new instance, over x's leaves swapped, passed through.
// CHECK:      out0       TwoTensor outer [4]
// CHECK-NEXT: out0.a     tensor#1
// CHECK-NEXT: out0.b     tensor#0
// y itself (is_input).
// CHECK:      out1       TwoTensor outer [4] v1

!Two = !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
// CompiledFunction.apply over instances: y's new value (the source z, as
// both leaves), a new instance of x's leaves swapped, and y for the output
// that is y itself.
func.func private @autograd_function(%x: !Two, %y: !Two, %z: !wrap.tensor<4xf32>) -> (!Two, !Two, !Two) {
  %u:2 = wrap.subclass.unwrap %x : !Two -> !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  %swapped = wrap.subclass.wrap(%u#1, %u#0 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !Two
  %new_y = wrap.subclass.wrap(%z, %z : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !Two
  return %new_y, %swapped, %y : !Two, !Two, !Two
}
wrap.runtime_wrapper @outer : (!Two, !Two, !wrap.tensor<4xf32>) -> (!Two, !Two) calls @autograd_function
  inputs [#wrap.input<requires_grad, is_leaf>, #wrap.input<mutates_data, is_leaf>, #wrap.input<is_leaf>]
  outputs [#wrap.output<non_alias, requires_grad>, #wrap.output<is_input, base = 1>]
  {trace_joint}
