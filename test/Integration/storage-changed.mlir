// A set_ is observable: the effects mark an input whose tensor object got
// another storage during the call ("storage-changed"; `storage_changed` in
// JSON), interpreted and compiled alike, and no other input.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/two-tensors.json --format table > %t.interp
// RUN: wrapc run %s --entry f --inputs %S/Inputs/two-tensors.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s < %t.interp
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/two-tensors.json | FileCheck %s --check-prefix=JSON
// CHECK: in0 tensor#0 storage#0 f32 [4]/[1]+0 v{{[0-9]+}} {{.*}} [10 20 30 40] storage-changed
// CHECK-NOT: storage-changed
// JSON: "storage_changed": true
// JSON: "storage_changed": false

func.func private @graph(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>) {
  return %y : !wrap.tensor<4xf32>
}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @graph
  inputs [#wrap.input<mutates_metadata, mutates_storage_metadata>, #wrap.input<>]
  outputs []
