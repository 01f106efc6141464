// Sizes, strides and offsets whose element extent does not fit in 64 bits
// are rejected by the verifier (the runtime would overflow computing the
// bounds check); a static type's element count must fit too.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{view reaches past the largest 64-bit element index}}
  %v = wrap.as_strided %b [3] [4611686018427387904] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<3xf32>
  return
}

// -----

func.func @f(%b: !wrap.tensor<8xf32>) {
  // expected-error @+1 {{view reaches past the largest 64-bit element index}}
  %v = wrap.reinterpret %b [2] [1] 9223372036854775807 : !wrap.tensor<8xf32> -> !wrap.tensor<2xf32>
  return
}

// -----

// An empty view reaches nothing, whatever its strides.
func.func @f(%b: !wrap.tensor<8xf32>) {
  %v = wrap.as_strided %b [0, 3] [1, 4611686018427387904] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<0x3xf32>
  return
}

// -----

// expected-error @+1 {{tensor has more elements than 64-bit sizes can count}}
func.func private @g(!wrap.tensor<4294967296x4294967296xf32>)
