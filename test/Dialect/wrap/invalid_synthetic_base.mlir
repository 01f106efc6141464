// The verifiers of wrap.synthetic_base_wrapper and wrap.synthetic_base.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{has 1 args entries for 2 arguments}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #1 maps to callee argument #2, out of range}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 2]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{merges no arguments into a base; call the inner wrapper directly}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 1]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{callee argument #1 is passed nothing but #2 is}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0, 2]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{callee argument #0 is a plain argument before a base: the bases come first}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 1, 1]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #1 is merged into base #0 but is not a tensor}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, index) -> () calls @inner args [0, 0]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{aliases merged into base #0 element types differ: 'f32' vs 'i32'}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xi32>) -> () calls @inner args [0, 0]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #2 is in metadata_mutated but is not merged into a base}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0, 1] metadata_mutated [2]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{metadata_mutated must list arguments in increasing order, each in range; got #0}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0] metadata_mutated [1, 0]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{callee 'inner' takes 1 arguments but 1 bases and 1 other arguments are passed}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2xf32>) -> () calls @inner args [0, 0, 1]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<3xf32>) -> ()
// expected-error @below {{argument #2 has type '!wrap.tensor<2xf32>' but callee argument #1 is '!wrap.tensor<3xf32>'}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2xf32>) -> () calls @inner args [0, 0, 1]

// -----

func.func private @inner(index) -> ()
// expected-error @below {{callee argument #0 is a base but not a tensor}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0]

// -----

func.func private @inner(!wrap.tensor<4xf16>) -> ()
// expected-error @below {{argument #0 and its base element types differ}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @below {{callee 'inner' returns 1 values, not 1 results and 1 metadata-mutated arguments}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @inner args [0, 0] metadata_mutated [1]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> index
// expected-error @below {{the callee's new metadata of argument #1 is not a tensor}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner args [0, 0] metadata_mutated [1]

// -----

// expected-error @below {{callee 'nowhere' does not name a wrap.runtime_wrapper or func.func}}
wrap.synthetic_base_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @nowhere args [0, 0]

// -----

func.func @one(%a: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  // expected-error @below {{merges 1 tensors; a synthetic base stands for two or more}}
  %b = wrap.synthetic_base %a {args = array<i64: 0>} : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %b : !wrap.tensor<4xf32>
}

// -----

func.func @count(%a: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  // expected-error @below {{has 1 argument indices for 2 members}}
  %b = wrap.synthetic_base %a, %a {args = array<i64: 0>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %b : !wrap.tensor<4xf32>
}

// -----

func.func @dtype(%a: !wrap.tensor<4xf32>) -> !wrap.tensor<4xi32> {
  // expected-error @below {{member #0 and the base element types differ}}
  %b = wrap.synthetic_base %a, %a {args = array<i64: 0, 1>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  return %b : !wrap.tensor<4xi32>
}
