// A symbol name that is not a C identifier would be pasted into the header.
func.func @"f(void); int injected(void) { return 42; } int32_t g"(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
