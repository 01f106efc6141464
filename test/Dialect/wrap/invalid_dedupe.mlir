// The verifier of wrap.dedupe_wrapper and wrap.check_same_tensor.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{has 1 dupes entries for 2 arguments}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner dupes [0]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #1 maps to deduplicated argument #2; the next new one is #1}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner dupes [0, 2]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #1 maps to deduplicated argument #-1; the next new one is #1}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner dupes [0, -1]

// -----

func.func private @inner(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{argument #1 duplicates argument #0 but has type '!wrap.tensor<4xf16>', not '!wrap.tensor<4xf32>'}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf16>) -> () calls @inner dupes [0, 0]

// -----

func.func private @inner(index) -> ()
// expected-error @below {{argument #1 duplicates argument #0 but is not a tensor}}
wrap.dedupe_wrapper @f : (index, index) -> () calls @inner dupes [0, 0]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{has no duplicate argument; call the inner wrapper directly}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner dupes [0, 1]

// -----

func.func private @inner(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{callee 'inner' has type '(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()' but removing the duplicates gives '(!wrap.tensor<4xf32>) -> ()'}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @inner dupes [0, 0]

// -----

// expected-error @below {{callee 'missing' does not name a wrap.runtime_wrapper, wrap.synthetic_base_wrapper, wrap.subclass_wrapper or func.func}}
wrap.dedupe_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @missing dupes [0, 0]

// -----

func.func @check(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  // expected-error @below {{argument #0 cannot duplicate argument #1: a duplicate comes after what it repeats}}
  wrap.check_same_tensor %a, %b {duplicate = 0, original = 1} : !wrap.tensor<4xf32>
  return
}
