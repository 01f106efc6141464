// The mutation epilogue on the GPU: the compiled graph returns a transposed
// view of `y` as the new value of `x`, so `x.copy_(new)` reads a strided
// source (the runtime's strided copy kernel on CUDA), the first output is
// `y` itself, and the second aliases `x` as a view of rows 1 and 2.
// scripts/gpu-check.sh compiles it for the GPU and, with `cuda` removed
// from the types, for the host as the reference.
func.func private @graph(%x: !wrap.tensor<4x4xf32, cuda>, %y: !wrap.tensor<4x4xf32, cuda>)
    -> (!wrap.tensor<4x4xf32, cuda>, !wrap.tensor<4x4xf32, cuda>, !wrap.tensor<2x4xf32, cuda>) {
  %t = wrap.as_strided %y [4, 4] [1, 4] 0 : !wrap.tensor<4x4xf32, cuda> -> !wrap.tensor<4x4xf32, cuda>
  %v = wrap.as_strided %x [2, 4] [4, 1] 4 : !wrap.tensor<4x4xf32, cuda> -> !wrap.tensor<2x4xf32, cuda>
  return %t, %y, %v : !wrap.tensor<4x4xf32, cuda>, !wrap.tensor<4x4xf32, cuda>, !wrap.tensor<2x4xf32, cuda>
}
wrap.runtime_wrapper @f : (!wrap.tensor<4x4xf32, cuda>, !wrap.tensor<4x4xf32, cuda>)
    -> (!wrap.tensor<4x4xf32, cuda>, !wrap.tensor<2x4xf32, cuda>) calls @graph
  inputs [#wrap.input<mutates_data>, #wrap.input<>]
  outputs [#wrap.output<non_alias>, #wrap.output<alias_of_input, base = 0, view = <[2, 4], [4, 1], 4>>]
