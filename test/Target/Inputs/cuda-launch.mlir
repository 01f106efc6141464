// A launch on CUDA tensors compiled for the host backend.
func.func private @k_host(%x: !llvm.ptr, %px: index, %py: index, %pz: index) {
  return
}
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {host = @k_host}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) {
  %g = arith.constant 1 : index
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}
