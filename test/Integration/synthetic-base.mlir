// Inputs that alias, one of them mutated (AOTSyntheticBaseWrapper): the
// runtime wrapper gets one base for both, and the mutation through it shows
// in both arguments. Method dispatch, the specialized wrapper and compiled
// code agree in every case.
//
// A view and its base: the base is the common _base (argument 0 itself),
// so the copy_ bumps the version counter both share.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-view.json --format table > %t.view.dispatch
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-view.json --pipeline specialize --format table > %t.view.specialized
// RUN: wrapc run %s --entry f --inputs %S/Inputs/synthetic-base-view.json --format table --quiet > %t.view.native
// RUN: diff %t.view.dispatch %t.view.specialized
// RUN: diff %t.view.dispatch %t.view.native
// RUN: FileCheck %s --check-prefix=CHECK-VIEW < %t.view.dispatch
// CHECK-VIEW: in0 tensor#0 storage#0 f32 [6]/[1]+0 v1 {{.*}} [10 11 12 13 14 15]
// CHECK-VIEW: in1 tensor#1 storage#0 f32 [2, 3]/[3, 1]+0 v1 {{.*}} [10 11 12 13 14 15]
// CHECK-VIEW: in2 tensor#2 storage#1 f32 [6]/[1]+0 v0
//
// The same memory without a _base (torch.empty(0).set_(storage)): the base
// is a fresh tensor over the storage with a counter of its own, so the
// data changes and neither argument's version does, as in PyTorch.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-alias.json --format table > %t.alias.dispatch
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-alias.json --pipeline specialize --format table > %t.alias.specialized
// RUN: wrapc run %s --entry f --inputs %S/Inputs/synthetic-base-alias.json --format table --quiet > %t.alias.native
// RUN: diff %t.alias.dispatch %t.alias.specialized
// RUN: diff %t.alias.dispatch %t.alias.native
// RUN: FileCheck %s --check-prefix=CHECK-ALIAS < %t.alias.dispatch
// CHECK-ALIAS: in0 tensor#0 storage#0 f32 [6]/[1]+0 v0 {{.*}} [10 11 12 13 14 15]
// CHECK-ALIAS: in1 tensor#1 storage#0 f32 [2, 3]/[3, 1]+0 v1 {{.*}} [10 11 12 13 14 15]
//
// Merged metadata mutation: the callee returns the view's new geometry
// and the wrapper applies it with as_strided_ (a second bump).
// RUN: wrapc interpret %s --entry g --inputs %S/Inputs/synthetic-base-view.json --format table > %t.meta.dispatch
// RUN: wrapc interpret %s --entry g --inputs %S/Inputs/synthetic-base-view.json --pipeline specialize --format table > %t.meta.specialized
// RUN: wrapc run %s --entry g --inputs %S/Inputs/synthetic-base-view.json --format table --quiet > %t.meta.native
// RUN: diff %t.meta.dispatch %t.meta.specialized
// RUN: diff %t.meta.dispatch %t.meta.native
// RUN: FileCheck %s --check-prefix=CHECK-META < %t.meta.dispatch
// CHECK-META: in1 tensor#1 storage#0 f32 [3, 2]/[1, 3]+0 v2
//
// Arguments that were compiled as aliases but do not share memory fail
// the call, in every mode, with exit code 1.
// RUN: not wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-apart.json 2>&1 | FileCheck %s --check-prefix=CHECK-ERR
// RUN: not wrapc interpret %s --entry f --inputs %S/Inputs/synthetic-base-apart.json --pipeline specialize 2>&1 | FileCheck %s --check-prefix=CHECK-ERR
// RUN: not wrapc run %s --entry f --inputs %S/Inputs/synthetic-base-apart.json --quiet 2>&1 | FileCheck %s --check-prefix=CHECK-ERR
// CHECK-ERR: compiled under the assumption that inputs 0 and 1 alias (share a storage), but at runtime this was not the case

func.func private @graph(%base: !wrap.tensor<6xf32>, %src: !wrap.tensor<6xf32>) -> !wrap.tensor<6xf32> {
  return %src : !wrap.tensor<6xf32>
}
wrap.runtime_wrapper @rw : (!wrap.tensor<6xf32>, !wrap.tensor<6xf32>) -> () calls @graph
  inputs [#wrap.input<mutates_data>, #wrap.input<>]
  outputs []
wrap.synthetic_base_wrapper @f : (!wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<6xf32>) -> ()
    calls @rw args [0, 0, 1]

// g also returns the view's new metadata (its transpose), as the graph
// AOTSyntheticBaseWrapper traces returns the metadata-mutated aliases.
func.func private @graph_t(%base: !wrap.tensor<6xf32>, %src: !wrap.tensor<6xf32>) -> (!wrap.tensor<6xf32>, !wrap.tensor<3x2xf32>) {
  %t = wrap.as_strided %base [3, 2] [1, 3] 0 : !wrap.tensor<6xf32> -> !wrap.tensor<3x2xf32>
  return %src, %t : !wrap.tensor<6xf32>, !wrap.tensor<3x2xf32>
}
wrap.runtime_wrapper @rw_t : (!wrap.tensor<6xf32>, !wrap.tensor<6xf32>) -> !wrap.tensor<3x2xf32> calls @graph_t
  inputs [#wrap.input<mutates_data>, #wrap.input<>]
  outputs [#wrap.output<alias_of_input, base = 0, view = <[3, 2], [1, 3], 0>>]
wrap.synthetic_base_wrapper @g : (!wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<6xf32>) -> ()
    calls @rw_t args [0, 0, 1] metadata_mutated [1]
