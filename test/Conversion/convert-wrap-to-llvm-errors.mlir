// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --convert-wrap-to-llvm

func.func private @g(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{'wrap.runtime_wrapper' must be lowered by wrap-orchestrate before convert-wrap-to-llvm}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{'wrap.apply_mutation' must be lowered by wrap-specialize-mutation-epilogue}}
  wrap.apply_mutation %x, %y {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{wrap.free of a tensor this function does not own}}
  wrap.free %x : !wrap.tensor<4xf32>
  return
}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%x: !wrap.tensor<4xf32>, %g: index) {
  // expected-error @+1 {{kernel 'k' has no host payload; the host backend cannot launch it}}
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f() -> !wrap.tensor<4xf32> {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.free %buf : !wrap.tensor<4xf32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  return %buf : !wrap.tensor<4xf32>
}

// -----

func.func @f() -> (!wrap.tensor<4xi32>, !wrap.tensor<4xf32>) {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  %r = wrap.reuse %buf : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %v = wrap.view_dtype %r : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  return %v, %buf : !wrap.tensor<4xi32>, !wrap.tensor<4xf32>
}

// -----

// Recursion, direct or mutual, would overflow the caller's stack at run
// time: refused.
func.func @self(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{calls @self recursively; wrapc's native code calls no function recursively}}
  call @self(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @ping(%x: !wrap.tensor<4xf32>) {
  call @pong(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}
func.func @pong(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{calls @ping recursively}}
  call @ping(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}
