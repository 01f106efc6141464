// wrap-lower-lazy-launch{cuda-graphs=true}: launches are marked cuda_graph,
// and every public function with a body gets a zeroed 8-byte
// wrt_cuda_graph_slot named by its wrap.cuda_graph attribute (private
// functions run inside their caller's batch; declarations have no body).
// RUN: wrapc-opt %s --wrap-lower-lazy-launch=cuda-graphs=true | FileCheck %s
// Without the option nothing of it appears.
// RUN: wrapc-opt %s --wrap-lower-lazy-launch | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: func.func private @body(
// CHECK-NOT:     wrap.cuda_graph
// CHECK:         wrap.lazy_launch @__wrapc_slot_add, @__wrapc_kernel_add numel(%{{.*}}) args(%{{.*}}) {cuda_graph}
// CHECK:       llvm.mlir.global internal @__wrapc_graph_program(dense<0> : tensor<8xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<8 x i8>
// CHECK:       func.func @program({{.*}}) -> !wrap.tensor<?xf32, cuda> attributes {wrap.cuda_graph = @__wrapc_graph_program}
// CHECK:         wrap.lazy_launch @__wrapc_slot_add, @__wrapc_kernel_add numel(%{{.*}}) args(%{{.*}}) {cuda_graph}
// CHECK:       llvm.mlir.global internal @__wrapc_graph_second
// CHECK:       func.func @second({{.*}}) attributes {wrap.cuda_graph = @__wrapc_graph_second}
// CHECK-NOT:   __wrapc_graph_

// PLAIN-NOT:   cuda_graph
wrap.kernel @add : (!wrap.tensor<?xf32, cuda>, index, i32) -> () entry "add_kernel"
    configs [#wrap.config<"XBLOCK_256", block = [256], num_warps = 4, num_stages = 1, shared = 0>]
    {ptx = "\n.version 8.0\n"}
func.func private @body(%x: !wrap.tensor<?xf32, cuda>, %n: index, %k: i32) {
  wrap.launch @add numel(%n) args(%x, %n, %k) : !wrap.tensor<?xf32, cuda>, index, i32
  return
}
func.func @program(%x: !wrap.tensor<?xf32, cuda>, %n: index) -> !wrap.tensor<?xf32, cuda> {
  %k = arith.constant 3 : i32
  wrap.launch @add numel(%n) args(%x, %n, %k) : !wrap.tensor<?xf32, cuda>, index, i32
  call @body(%x, %n, %k) : (!wrap.tensor<?xf32, cuda>, index, i32) -> ()
  return %x : !wrap.tensor<?xf32, cuda>
}
func.func @second(%x: !wrap.tensor<?xf32, cuda>, %n: index) {
  %k = arith.constant 1 : i32
  call @body(%x, %n, %k) : (!wrap.tensor<?xf32, cuda>, index, i32) -> ()
  return
}
func.func private @declared(!wrap.tensor<?xf32, cuda>)
