// wrap.kernel with autotune configs and every payload kind, and wrap.launch.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @k_host(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !llvm.ptr, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: index, %[[V2_ARG2:[a-zA-Z0-9_#]+]]: index, %[[V3_ARG3:[a-zA-Z0-9_#]+]]: index, %[[V4_ARG4:[a-zA-Z0-9_#]+]]: index) {
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: wrap.kernel @k : (!wrap.tensor<?xf32, cuda>, index) -> () entry "triton_poi_0" configs [#wrap.config<"X256", block = [256], num_warps = 4, num_stages = 1, shared = 0>, #wrap.config<"X1024", block = [1024], num_warps = 8, num_stages = 2, shared = 98304>] {host = @k_host, ptx_file = "k.ptx"}
// CHECK-NEXT: wrap.kernel @k2 : (!wrap.tensor<?xf32>) -> () entry "k2" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "k2.cubin"}
// CHECK-NEXT: wrap.kernel @k3 : (!wrap.tensor<?xf32>) -> () entry "k3" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ".version 8.0"}
// CHECK-NEXT: func.func @f(%[[V0_ARG0]]: !wrap.tensor<?xf32, cuda>, %[[V1_ARG1]]: index, %[[V2_ARG2]]: index, %[[V3_ARG3]]: index) {
// CHECK-NEXT: wrap.launch @k grid(%[[V2_ARG2]], %[[V3_ARG3]]) args(%[[V0_ARG0]], %[[V1_ARG1]]) : !wrap.tensor<?xf32, cuda>, index
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @k_host(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  return
}
wrap.kernel @k : (!wrap.tensor<?xf32, cuda>, index) -> () entry "triton_poi_0"
    configs [#wrap.config<"X256", block = [256], num_warps = 4, num_stages = 1, shared = 0>, #wrap.config<"X1024", block = [1024], num_warps = 8, num_stages = 2, shared = 98304>]
    {ptx_file = "k.ptx", host = @k_host}
wrap.kernel @k2 : (!wrap.tensor<?xf32>) -> () entry "k2" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "k2.cubin"}
wrap.kernel @k3 : (!wrap.tensor<?xf32>) -> () entry "k3" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ".version 8.0"}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %n: index, %gx: index, %gy: index) {
  wrap.launch @k grid(%gx, %gy) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return
}
