wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%x: !wrap.tensor<4xf32>, %g: index) {
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32>
  return
}
