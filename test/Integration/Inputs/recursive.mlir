func.func @uses(%x: !wrap.tensor<4xf32>) {
  call @uses(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}
