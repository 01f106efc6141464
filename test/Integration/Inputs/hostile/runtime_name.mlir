func.func @wrt_tensor_release(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
