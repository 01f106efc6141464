// convert-wrap-to-llvm on a library kernel's launch (a per-kernel slot that
// wrt_host_symbol fills once, then one indirect call with data addresses
// and int64_t sizes) and on wrap.extern_call (operands in 8-byte cells, the
// operator's new tensors owned by the function: released on a later
// failure, returned or freed otherwise).
// RUN: wrapc-opt %s --convert-wrap-to-llvm | FileCheck %s

// CHECK-DAG: llvm.func @wrt_host_symbol(!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-DAG: llvm.func @wrt_extern_call(!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, !llvm.ptr, i64) -> i32
// One zero-initialized slot per kernel, however often it is launched.
// CHECK:     llvm.mlir.global internal @__wrapc_symbol_k() {addr_space = 0 : i32} : !llvm.ptr {
// CHECK-NOT: llvm.mlir.global internal @__wrapc_symbol_k

wrap.kernel @k : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64) -> () entry "kernel" configs [] {library = "/opt/k.so"}

// CHECK-LABEL: func.func @f(
// Scratch arrays live in the entry block: 3 cells (two handles and an
// i64), 2 results.
// CHECK:       %[[CELLS:.*]] = llvm.alloca %c3_i64 x !llvm.ptr
// CHECK-NEXT:  %[[RESULTS:.*]] = llvm.alloca %c2_i64 x !llvm.ptr
// CHECK:       %[[SLOT:.*]] = llvm.mlir.addressof @__wrapc_symbol_k : !llvm.ptr
// CHECK-NEXT:  %[[STATUS:.*]] = llvm.call @wrt_host_symbol(%{{.*}}, %{{.*}}, %[[SLOT]])
// CHECK:       %[[FN:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
// The data address of each tensor: its storage base plus its offset.
// CHECK:       llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       llvm.call %[[FN]](%{{.*}}, %{{.*}}, %{{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i64) -> ()
// The second launch reads the same slot.
// CHECK:       llvm.mlir.addressof @__wrapc_symbol_k
// CHECK:       llvm.call @wrt_host_symbol
// CHECK:       llvm.call @wrt_extern_call(%{{.*}}, %{{.*}}, %[[CELLS]], %c3_i64, %[[RESULTS]], %c2_i64)
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
func.func @f(%x: !wrap.tensor<4xf32>, %n: index) -> !wrap.tensor<4xf32> {
  %c = arith.constant 4 : i64
  %a = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.launch @k args(%x, %a, %c) : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64
  wrap.launch @k args(%a, %a, %c) : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64
  %v, %i = wrap.extern_call "aten::topk" "t0;s2;out=t1" (%a, %x, %n)
      : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xi64>)
  wrap.free %a : !wrap.tensor<4xf32>
  wrap.free %i : !wrap.tensor<4xi64>
  return %v : !wrap.tensor<4xf32>
}
