// One tensor passed twice (AOTDedupeWrapper): the dedupe wrapper hands the
// runtime wrapper one copy, whose mutation both arguments then show; method
// dispatch, the specialized wrapper and the compiled code agree. A distinct
// tensor where the duplicate belongs fails with PyTorch's message, in every
// mode, and exit code 1.
// RUN: wrapc interpret %s --entry d --inputs %S/Inputs/dedupe-same.json --format table > %t.dispatch
// RUN: wrapc interpret %s --entry d --inputs %S/Inputs/dedupe-same.json --pipeline specialize --format table > %t.specialized
// RUN: wrapc run %s --entry d --inputs %S/Inputs/dedupe-same.json --format table --quiet > %t.native
// RUN: diff %t.dispatch %t.specialized
// RUN: diff %t.dispatch %t.native
// RUN: FileCheck %s < %t.dispatch
// CHECK: in0 tensor#0 storage#0 f32 [4]/[1]+0 v1 {{.*}} [10 20 30 40]
// CHECK: in1 tensor#0 storage#0 f32 [4]/[1]+0 v1 {{.*}} [10 20 30 40]
// CHECK: in2 tensor#1 storage#1 f32 [4]/[1]+0 v0 {{.*}} [10 20 30 40]
// RUN: not wrapc interpret %s --entry d --inputs %S/Inputs/dedupe-distinct.json 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not wrapc interpret %s --entry d --inputs %S/Inputs/dedupe-distinct.json --pipeline specialize 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: not wrapc run %s --entry d --inputs %S/Inputs/dedupe-distinct.json --quiet 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: this wrapper was compiled under the assumption that input 1 would be a duplicate of input 0, but at runtime this was not the case

func.func private @graph(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>) {
  return %y : !wrap.tensor<4xf32>
}
wrap.runtime_wrapper @rw : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @graph
  inputs [#wrap.input<mutates_data>, #wrap.input<>]
  outputs []
wrap.dedupe_wrapper @d : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @rw dupes [0, 0, 1]
