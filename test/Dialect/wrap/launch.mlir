// wrap.launch over 1-, 2- and 3-D grids, with and without arguments, of
// every kind the kernel signature allows (tensors, index, signless ints).
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK:      wrap.kernel @k0 : () -> () entry "k0" configs
// CHECK-NEXT: wrap.kernel @k1 : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32) -> () entry "k1" configs
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<?xf32, cuda>, %[[Y:[^:]*]]: !wrap.tensor<4x4xi32, cuda>, %[[N:[^:]*]]: index, %[[I:[^:]*]]: i64, %[[J:[^:]*]]: i32, %[[G:[^:]*]]: index)
// A launch without arguments prints no type list.
// CHECK-NEXT:    wrap.launch @k0 grid(%[[G]]) args(){{$}}
// CHECK-NEXT:    wrap.launch @k0 grid(%[[G]], %[[N]]) args(){{$}}
// CHECK-NEXT:    wrap.launch @k1 grid(%[[G]], %[[G]], %[[G]]) args(%[[X]], %[[Y]], %[[N]], %[[I]], %[[J]]) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
// CHECK-NEXT:    return
wrap.kernel @k0 : () -> () entry "k0" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
wrap.kernel @k1 : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32) -> () entry "k1"
    configs [#wrap.config<"c", block = [16, 16], num_warps = 4, num_stages = 2, shared = 0>] {cubin_file = "k1.cubin"}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %y: !wrap.tensor<4x4xi32, cuda>, %n: index, %i: i64, %j: i32, %g: index) {
  wrap.launch @k0 grid(%g) args()
  wrap.launch @k0 grid(%g, %n) args()
  wrap.launch @k1 grid(%g, %g, %g) args(%x, %y, %n, %i, %j) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
  return
}
