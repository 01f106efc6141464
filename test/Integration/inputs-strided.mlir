// --inputs describes non-contiguous inputs (strides, storage_offset) and
// inputs that share one storage (view_of): interpreted and compiled alike.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/strided-shared.json --format table > %t.interp
// RUN: wrapc run %s --entry f --inputs %S/Inputs/strided-shared.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s < %t.interp
// The first input: a transposed view at offset 1 of a 7-element storage.
// CHECK: in0 tensor#0 storage#0 f32 [2, 3]/[1, 2]+1 v0 {{.*}} [1 2 3 4 5 6]
// The second: every other element of the same storage (storage [0 1 4 2 5 3 6]).
// CHECK: in1 tensor#1 storage#0 f32 [3]/[2]+0 v0 {{.*}} [0 4 5]
// CHECK: out0 tensor#2 storage#0 f32 [3]/[1]+1

func.func @f(%x: !wrap.tensor<2x3xf32>, %y: !wrap.tensor<3xf32>) -> !wrap.tensor<3xf32> {
  %v = wrap.as_strided %y [3] [1] 1 : !wrap.tensor<3xf32> -> !wrap.tensor<3xf32>
  return %v : !wrap.tensor<3xf32>
}
