// wrap.launch over 1-, 2- and 3-D grids and element counts, with and without arguments, of
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: wrap.kernel @k0 : () -> () entry "k0" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
// CHECK-NEXT: wrap.kernel @k1 : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32) -> () entry "k1" configs [#wrap.config<"c", block = [16, 16], num_warps = 4, num_stages = 2, shared = 0>] {cubin_file = "k1.cubin"}
// CHECK-NEXT: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<?xf32, cuda>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: !wrap.tensor<4x4xi32, cuda>, %[[V2_ARG2:[a-zA-Z0-9_#]+]]: index, %[[V3_ARG3:[a-zA-Z0-9_#]+]]: i64, %[[V4_ARG4:[a-zA-Z0-9_#]+]]: i32, %[[V5_ARG5:[a-zA-Z0-9_#]+]]: index) {
// CHECK-NEXT: wrap.launch @k0 grid(%[[V5_ARG5]]) args()
// CHECK-NEXT: wrap.launch @k0 grid(%[[V5_ARG5]], %[[V2_ARG2]]) args()
// CHECK-NEXT: wrap.launch @k1 grid(%[[V5_ARG5]], %[[V5_ARG5]], %[[V5_ARG5]]) args(%[[V0_ARG0]], %[[V1_ARG1]], %[[V2_ARG2]], %[[V3_ARG3]], %[[V4_ARG4]]) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
// CHECK-NEXT: wrap.launch @k1 numel(%[[V2_ARG2]], %[[V5_ARG5]]) args(%[[V0_ARG0]], %[[V1_ARG1]], %[[V2_ARG2]], %[[V3_ARG3]], %[[V4_ARG4]]) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

wrap.kernel @k0 : () -> () entry "k0" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
wrap.kernel @k1 : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32) -> () entry "k1"
    configs [#wrap.config<"c", block = [16, 16], num_warps = 4, num_stages = 2, shared = 0>] {cubin_file = "k1.cubin"}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %y: !wrap.tensor<4x4xi32, cuda>, %n: index, %i: i64, %j: i32, %g: index) {
  wrap.launch @k0 grid(%g) args()
  wrap.launch @k0 grid(%g, %n) args()
  wrap.launch @k1 grid(%g, %g, %g) args(%x, %y, %n, %i, %j) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
  wrap.launch @k1 numel(%n, %g) args(%x, %y, %n, %i, %j) : !wrap.tensor<?xf32, cuda>, !wrap.tensor<4x4xi32, cuda>, index, i64, i32
  return
}
