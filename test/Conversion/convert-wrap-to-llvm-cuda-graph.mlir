// convert-wrap-to-llvm on a CUDA-graph-mode entry point (made by
// wrap-lower-lazy-launch{cuda-graphs=true}): the batch begins after the
// argument checks, every launch is one wrt_cuda_graph_launch with each
// argument in a zeroed 8-byte cell, and every exit after begin ends the
// batch: the failure paths (after releasing what they own) and the return
// (before handing out results, checked).
// RUN: wrapc-opt %s --convert-wrap-to-llvm | FileCheck %s

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
llvm.mlir.global internal @graph(dense<0> : tensor<8xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<8 x i8>

// CHECK-LABEL: func.func @program(
// CHECK:         call @wrt_check_argument(
// CHECK:         llvm.cond_br %{{.*}}, ^[[EARLY:bb[0-9]+]](%{{.*}} : i32), ^
// CHECK:       ^[[EARLY]](%[[EARLY_STATUS:.*]]: i32):
// CHECK-NEXT:    return %[[EARLY_STATUS]] : i32
// CHECK:         %[[GRAPH:.*]] = llvm.mlir.addressof @graph : !llvm.ptr
// CHECK:         %[[BEGUN:.*]] = llvm.call @wrt_cuda_graph_begin(%[[GRAPH]])
// A batch that failed to begin has nothing to end: the argument checks' exit.
// CHECK:         llvm.cond_br %{{.*}}, ^[[EARLY]](%[[BEGUN]] : i32), ^[[RECORD:bb[0-9]+]]
// CHECK:       ^[[RECORD]]:
// Each cell is zeroed, then the argument stored: the tensor's data
// address, the index as i64, and the i32's 4 bytes.
// CHECK:         llvm.store %[[ZERO:.*]], %[[C0:.*]] : i64, !llvm.ptr
// CHECK-NEXT:    llvm.store %{{.*}}, %[[C0]] : !llvm.ptr, !llvm.ptr
// CHECK:         llvm.store %[[ZERO]], %[[C1:.*]] : i64, !llvm.ptr
// CHECK-NEXT:    llvm.store %{{.*}}, %[[C1]] : i64, !llvm.ptr
// CHECK:         llvm.store %[[ZERO]], %[[C2:.*]] : i64, !llvm.ptr
// CHECK-NEXT:    llvm.store %{{.*}}, %[[C2]] : i32, !llvm.ptr
// CHECK:         %[[LAUNCHED:.*]] = llvm.call @wrt_cuda_graph_launch(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c3_i64{{.*}}, %{{.*}}, %c1_i32{{.*}})
// CHECK-NOT:     llvm.call
// CHECK:         llvm.cond_br %{{.*}}, ^[[FAILED:bb[0-9]+]](%[[LAUNCHED]] : i32), ^[[NEXT:bb[0-9]+]]
// CHECK:       ^[[FAILED]](%[[STATUS:.*]]: i32):
// CHECK-NEXT:    call @wrt_cuda_graph_end(%[[GRAPH]])
// CHECK-NEXT:    return %[[STATUS]] : i32
// CHECK:       ^[[NEXT]]:
// CHECK:         %[[ENDED:.*]] = llvm.call @wrt_cuda_graph_end(%[[GRAPH]])
// Once ended, a failure has no batch to end either: the early exit again.
// CHECK:         llvm.cond_br %{{.*}}, ^[[EARLY]](%[[ENDED]] : i32), ^[[RESULTS:bb[0-9]+]]
// CHECK:       ^[[RESULTS]]:
// CHECK:         call @wrt_tensor_retain(
// CHECK-NOT:     wrt_cuda_graph_end
// CHECK:         return %c0_i32
func.func @program(%x: !wrap.tensor<?xf32, cuda>, %n: index) -> !wrap.tensor<?xf32, cuda>
    attributes {wrap.cuda_graph = @graph} {
  %k = arith.constant 3 : i32
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n, %k) {cuda_graph} : !wrap.tensor<?xf32, cuda>, index, i32
  return %x : !wrap.tensor<?xf32, cuda>
}
