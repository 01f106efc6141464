// wrap.lazy_launch through a slot and a descriptor, with element counts and with a 3-D grid.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
// CHECK-NEXT: llvm.mlir.global internal constant @desc(dense<0> : tensor<5xi64>) {addr_space = 0 : i32} : !llvm.array<5 x i64>
// CHECK-NEXT: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<?xf32, cuda>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: index, %[[V2_ARG2:[a-zA-Z0-9_#]+]]: index, %[[V3_ARG3:[a-zA-Z0-9_#]+]]: f32) {
// CHECK-NEXT: wrap.lazy_launch @slot, @desc numel(%[[V1_ARG1]]) args(%[[V0_ARG0]], %[[V1_ARG1]]) : !wrap.tensor<?xf32, cuda>, index
// CHECK-NEXT: wrap.lazy_launch @slot, @desc grid(%[[V2_ARG2]], %[[V2_ARG2]], %[[V2_ARG2]]) args(%[[V0_ARG0]], %[[V3_ARG3]]) : !wrap.tensor<?xf32, cuda>, f32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc(dense<0> : tensor<5xi64>) {addr_space = 0 : i32} : !llvm.array<5 x i64>
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %n: index, %g: index, %s: f32) {
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  wrap.lazy_launch @slot, @desc grid(%g, %g, %g) args(%x, %s) : !wrap.tensor<?xf32, cuda>, f32
  return
}
