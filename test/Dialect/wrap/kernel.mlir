// wrap.kernel: autotune configs and every payload kind (ptx, ptx_file,
// cubin_file, host), scalar arguments of every allowed kind.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// A host payload takes the kernel's arguments (tensors as !llvm.ptr), then
// three index program ids.
// CHECK:      func.func @k_host(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index) {
// CHECK:      wrap.kernel @k : (!wrap.tensor<?xf32, cuda>, index) -> () entry "triton_poi_0" configs [#wrap.config<"X256", block = [256], num_warps = 4, num_stages = 1, shared = 0>, #wrap.config<"X1024", block = [1024], num_warps = 8, num_stages = 2, shared = 98304>] {host = @k_host, ptx_file = "k.ptx"}{{$}}
// CHECK-NEXT: wrap.kernel @k2 : (!wrap.tensor<?xf32>) -> () entry "k2" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "k2.cubin"}{{$}}
// CHECK-NEXT: wrap.kernel @k3 : (!wrap.tensor<?xf32>) -> () entry "k3" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ".version 8.0"}{{$}}
// Integer, index and float scalars; 2-D and 3-D block sizes; the largest
// shared memory and warp count.
// CHECK-NEXT: wrap.kernel @k4 : (!wrap.tensor<4x4xi8, cuda>, i32, i64, index, f32, f64) -> () entry "k4" configs [#wrap.config<"YX", block = [16, 64], num_warps = 32, num_stages = 4, shared = 232448>, #wrap.config<"YX2", block = [32, 32], num_warps = 2, num_stages = 1, shared = 0>] {cubin_file = "k4.cubin", ptx = "// ptx"}{{$}}
// CHECK-NEXT: wrap.kernel @k5 : () -> () entry "k5" configs [#wrap.config<"ZYX", block = [2, 4, 8], num_warps = 1, num_stages = 1, shared = 0>] {ptx_file = "k5.ptx"}{{$}}
func.func @k_host(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  return
}
wrap.kernel @k : (!wrap.tensor<?xf32, cuda>, index) -> () entry "triton_poi_0"
    configs [#wrap.config<"X256", block = [256], num_warps = 4, num_stages = 1, shared = 0>, #wrap.config<"X1024", block = [1024], num_warps = 8, num_stages = 2, shared = 98304>]
    {ptx_file = "k.ptx", host = @k_host}
wrap.kernel @k2 : (!wrap.tensor<?xf32>) -> () entry "k2" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "k2.cubin"}
wrap.kernel @k3 : (!wrap.tensor<?xf32>) -> () entry "k3" configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ".version 8.0"}
wrap.kernel @k4 : (!wrap.tensor<4x4xi8, cuda>, i32, i64, index, f32, f64) -> () entry "k4"
    configs [#wrap.config<"YX", block = [16, 64], num_warps = 32, num_stages = 4, shared = 232448>,
             #wrap.config<"YX2", block = [32, 32], num_warps = 2, num_stages = 1, shared = 0>]
    {ptx = "// ptx", cubin_file = "k4.cubin"}
wrap.kernel @k5 : () -> () entry "k5" configs [#wrap.config<"ZYX", block = [2, 4, 8], num_warps = 1, num_stages = 1, shared = 0>] {ptx_file = "k5.ptx"}
