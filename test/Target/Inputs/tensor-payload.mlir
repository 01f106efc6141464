func.func @payload(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %t = arith.constant dense<1.0> : tensor<4xf32>
  %u = arith.addf %t, %t : tensor<4xf32>
  return
}
wrap.kernel @k : (!wrap.tensor<?xf32>, index) -> () entry "k" configs [#wrap.config<"B", block = [256], num_warps = 4, num_stages = 1, shared = 0>] {host = @payload}
func.func @f(%x: !wrap.tensor<?xf32>, %n: index) {
  wrap.launch @k numel(%n) args(%x, %n) : !wrap.tensor<?xf32>, index
  return
}
