// wrap.lazy_launch through a slot and a descriptor, with element counts and with a 3-D grid.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
// CHECK-NEXT: llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
// CHECK-NEXT: %[[V0_0:[a-zA-Z0-9_#]+]] = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
// CHECK-NEXT: llvm.return %[[V0_0]] : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @f(%[[V1_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<?xf32, cuda>, %[[V2_ARG1:[a-zA-Z0-9_#]+]]: index, %[[V3_ARG2:[a-zA-Z0-9_#]+]]: index, %[[V4_ARG3:[a-zA-Z0-9_#]+]]: f32) {
// CHECK-NEXT: wrap.lazy_launch @slot, @desc numel(%[[V2_ARG1]]) args(%[[V1_ARG0]], %[[V2_ARG1]]) : !wrap.tensor<?xf32, cuda>, index
// CHECK-NEXT: wrap.lazy_launch @slot, @desc grid(%[[V3_ARG2]], %[[V3_ARG2]], %[[V3_ARG2]]) args(%[[V1_ARG0]], %[[V4_ARG3]]) : !wrap.tensor<?xf32, cuda>, f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %n: index, %g: index, %s: f32) {
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  wrap.lazy_launch @slot, @desc grid(%g, %g, %g) args(%x, %s) : !wrap.tensor<?xf32, cuda>, f32
  return
}
