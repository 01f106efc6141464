// Aliased outputs wrap-inline-alias-replay regenerates must be regenerable:
// an alias (of an input, an intermediate base or a user output) lives on its
// base's device, changes the element size only of a base with dimensions
// (PyTorch's view(dtype) rule), and a replay's
// static view sizes match the result type. The verifiers of
// wrap.runtime_wrapper and wrap.replay_alias reject the rest; the messages
// are not pinned, only the op that rejects.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func private @g(!wrap.tensor<f32>) -> !wrap.tensor<f16>
// expected-error-re @+1 {{'wrap.runtime_wrapper' op result #0 {{.*}}}}
wrap.runtime_wrapper @f : (!wrap.tensor<f32>) -> !wrap.tensor<f16> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0, view = <[], [], 0>>]

// -----

func.func private @g(!wrap.tensor<8xf32>) -> !wrap.tensor<8xf32, cuda>
// expected-error-re @+1 {{'wrap.runtime_wrapper' op result #0 {{.*}}}}
wrap.runtime_wrapper @f : (!wrap.tensor<8xf32>) -> !wrap.tensor<8xf32, cuda> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<alias_of_input, base = 0, view = <[8], [1], 0>>]

// -----

func.func private @g() -> (!wrap.tensor<4xf32>, !wrap.tensor<f64>)
// expected-error-re @+1 {{'wrap.runtime_wrapper' op {{.*}}}}
wrap.runtime_wrapper @f : () -> !wrap.tensor<4xf32> calls @g
    inputs [] outputs [#wrap.output<alias_of_intermediate, base = 0, view = <[4], [1], 0>>] {num_intermediate_bases = 1}

// -----

func.func @f(%out: !wrap.tensor<4xf32>, %b: !wrap.tensor<8xf32>) -> !wrap.tensor<4xf32> {
  // expected-error-re @+1 {{'wrap.replay_alias' op {{.*}}}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_input, base = 0, view = <[8], [1], 0>>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %r : !wrap.tensor<4xf32>
}

// -----

func.func @f(%out: !wrap.tensor<f16>, %b: !wrap.tensor<f32>) -> !wrap.tensor<f16> {
  // expected-error-re @+1 {{'wrap.replay_alias' op {{.*}}}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<f32> {info = #wrap.output<alias_of_input, base = 0>} : !wrap.tensor<f16> -> !wrap.tensor<f16>
  return %r : !wrap.tensor<f16>
}

// -----

func.func @f(%out: !wrap.tensor<8xf32, cuda>, %b: !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32, cuda> {
  // expected-error-re @+1 {{'wrap.replay_alias' op {{.*}}}}
  %r = wrap.replay_alias %out from %b : !wrap.tensor<8xf32> {info = #wrap.output<alias_of_intermediate, base = 0>} : !wrap.tensor<8xf32, cuda> -> !wrap.tensor<8xf32, cuda>
  return %r : !wrap.tensor<8xf32, cuda>
}
