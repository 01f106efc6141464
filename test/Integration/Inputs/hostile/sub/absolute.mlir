wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "/etc/passwd"}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) {
  %c1 = arith.constant 1 : index
  wrap.launch @k grid(%c1) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}
