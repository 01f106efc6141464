func.func @identity(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
