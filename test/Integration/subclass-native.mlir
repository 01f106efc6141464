// Tensor-subclass values across the native ABI: a subclass wrapper with a
// nested subclass and a dynamic outer size (append_symints) compiles to an
// entry point taking and returning subclass instances, with the effects of
// the interpreter. Bad instances are refused with located messages.
// RUN: wrapc interpret %s --entry g --inputs %S/Inputs/nested-subclass.json --format table > %t.interp
// RUN: wrapc run %s --entry g --inputs %S/Inputs/nested-subclass.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s < %t.native
// The mutated leaf x (copy_ from the plain input), the nested leaf as it was:
// CHECK:      in0        Outer outer [2, 3]
// CHECK-NEXT: in0.x      tensor#0 storage#0 f32 [2, 3]/[3, 1]+0 v1 {{.*}} [0 1 2 3 4 5]
// CHECK-NEXT: in0.n      Inner outer [2, 3]
// CHECK-NEXT: in0.n.y    tensor#1 storage#1 i64 [3]/[1]+0 v0 {{.*}} [7 8 9]
// The result rebuilds Outer over the same leaves, its dynamic size from the graph:
// CHECK:      out0       Outer outer [2, 3]
// CHECK-NEXT: out0.x     tensor#0
// CHECK-NEXT: out0.n     Inner outer [2, 3]
// CHECK-NEXT: out0.n.y   tensor#1

// RUN: not wrapc run %s --entry g --inputs %S/Inputs/nested-subclass-bad-leaf.json --quiet 2>&1 | FileCheck %s --check-prefix=BAD-LEAF
// BAD-LEAF: wrt_subclass_attr: {{.*}}Outer attribute 'x': expected a plain f32 tensor of sizes [2, -1] (-1: any) on the host, got a f64 tensor of sizes [2, 3] on Host
// RUN: not wrapc run %s --entry g --inputs %S/Inputs/nested-subclass-wrong-type.json --quiet 2>&1 | FileCheck %s --check-prefix=WRONG-TYPE
// WRONG-TYPE: expected a Inner, got a NotInner
// RUN: not wrapc run %s --entry g --inputs %S/Inputs/two-tensors.json --quiet 2>&1 | FileCheck %s --check-prefix=PLAIN
// PLAIN: g: argument #0: invalid argument: expected a Outer, got a plain tensor

!Inner = !wrap.subclass<"Inner", 2x3xf32, [y: !wrap.tensor<?xi64>]>
!Outer = !wrap.subclass<"Outer", 2x?xf32, [x: !wrap.tensor<2x?xf32>, n: !Inner]>

func.func private @graph(%x: !wrap.tensor<2x?xf32>, %y: !wrap.tensor<?xi64>, %s: index, %t: !wrap.tensor<2x?xf32>)
    -> (!wrap.tensor<2x?xf32>, !wrap.tensor<2x?xf32>, !wrap.tensor<?xi64>, index) {
  return %t, %x, %y, %s : !wrap.tensor<2x?xf32>, !wrap.tensor<2x?xf32>, !wrap.tensor<?xi64>, index
}
wrap.runtime_wrapper @f : (!wrap.tensor<2x?xf32>, !wrap.tensor<?xi64>, index, !wrap.tensor<2x?xf32>)
    -> (!wrap.tensor<2x?xf32>, !wrap.tensor<?xi64>, index) calls @graph
  inputs [#wrap.input<mutates_data, is_leaf>, #wrap.input<is_leaf>, #wrap.input<>, #wrap.input<is_leaf>]
  outputs [#wrap.output<is_input, base = 0>, #wrap.output<is_input, base = 1>, #wrap.output<non_alias>]
  {num_intermediate_bases = 0}
wrap.subclass_wrapper @g : (!Outer, !wrap.tensor<2x?xf32>) -> !Outer calls @f {append_symints}
