// PyTorch's uint8 (ui8) and int16 (i16): values, copy_ conversions and
// dtype views, interpreted and compiled alike. Integer copies wrap as
// PyTorch's do (300 -> uint8 44, 65537 -> int16 1), and an --inputs value
// out of the dtype's range is stored as PyTorch's tensor() stores it.
// RUN: wrapc interpret %s --entry f --inputs %S/Inputs/small-ints.json --format table > %t.interp
// RUN: wrapc run %s --entry f --inputs %S/Inputs/small-ints.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s < %t.interp
// CHECK: in0 {{.*}} ui8 [4]/[1]+0 v1 {{.*}} [44 255 0 1]
// CHECK: in1 {{.*}} i16 [4]/[1]+0 v1 {{.*}} [300 -1 256 1]
// CHECK: out0 {{.*}} ui8 [8]/[1]+0
// CHECK-SAME: [44 1 255 255 0 1 1 0]

func.func @f(%u: !wrap.tensor<4xui8>, %s: !wrap.tensor<4xi16>, %l: !wrap.tensor<4xi64>) -> !wrap.tensor<8xui8> {
  wrap.copy_inplace %u, %l : !wrap.tensor<4xui8>, !wrap.tensor<4xi64>
  wrap.copy_inplace %s, %l : !wrap.tensor<4xi16>, !wrap.tensor<4xi64>
  %bytes = wrap.view_dtype %s : !wrap.tensor<4xi16> -> !wrap.tensor<8xui8>
  return %bytes : !wrap.tensor<8xui8>
}
