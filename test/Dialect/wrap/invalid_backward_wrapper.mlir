// The verifiers of wrap.backward_wrapper, wrap.coerce_layout and #wrap.layout.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{saves 3 values but has 2 arguments}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @g saved 3 tangents [] layouts []

// -----

func.func private @g(f32) -> ()
// expected-error @below {{saved value #0 is neither a tensor nor a symbolic int}}
wrap.backward_wrapper @f : (f32) -> () calls @g saved 1 tangents [] layouts []

// -----

func.func private @g() -> ()
// expected-error @below {{gradient #0 is not a tensor}}
wrap.backward_wrapper @f : (index) -> () calls @g saved 0 tangents [] layouts []

// -----

func.func private @g() -> index
// expected-error @below {{result #0 is not a tensor gradient}}
wrap.backward_wrapper @f : () -> index calls @g saved 0 tangents [] layouts []

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{has 0 layouts for 1 kept tangents}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g saved 0 tangents [0] layouts []

// -----

func.func private @g(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
// expected-error @below {{kept tangent #1 is gradient #0; expected increasing indices below 2}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> () calls @g saved 0 tangents [1, 0]
    layouts [#wrap.layout<contiguous>, #wrap.layout<contiguous>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{kept tangent #0 is gradient #1; expected increasing indices below 1}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g saved 0 tangents [1] layouts [#wrap.layout<contiguous>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> ()
// expected-error @below {{gradient #0: channels_last needs a tensor of rank 4}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>) -> () calls @g saved 0 tangents [0] layouts [#wrap.layout<channels_last>]

// -----

func.func private @g(!wrap.tensor<4x3xf32>) -> ()
// expected-error @below {{gradient #0: the layout's size 5 of dimension 1 differs from the tensor's 3}}
wrap.backward_wrapper @f : (!wrap.tensor<4x3xf32>) -> () calls @g saved 0 tangents [0]
    layouts [#wrap.layout<strided [4, 5], [5, 1]>]

// -----

func.func private @g(!wrap.tensor<4x3xf32>) -> ()
// expected-error @below {{gradient #0: the layout has 1 sizes for a tensor of rank 2}}
wrap.backward_wrapper @f : (!wrap.tensor<4x3xf32>) -> () calls @g saved 0 tangents [0]
    layouts [#wrap.layout<strided [12], [1]>]

// -----

func.func private @g(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @below {{callee 'g' has type '(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>' but the saved values and kept tangents give '(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>'}}
wrap.backward_wrapper @f : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g saved 1 tangents [0]
    layouts [#wrap.layout<contiguous>]

// -----

wrap.runtime_wrapper @rw : () -> () calls @g2 inputs [] outputs []
func.func private @g2() -> ()
// expected-error @below {{callee 'rw' does not name a func.func}}
wrap.backward_wrapper @f : () -> () calls @rw saved 0 tangents [] layouts []

// -----

// expected-error @below {{a strided layout has 2 sizes but 1 strides}}
func.func private @g() attributes {layout = #wrap.layout<strided [4, 3], [1]>}

// -----

// expected-error @below {{a strided layout has a negative size or stride}}
func.func private @g() attributes {layout = #wrap.layout<strided [4, 3], [-1, 4]>}

// -----

// expected-error @below {{expected a memory format (contiguous, channels_last, channels_last_3d) or strided}}
func.func private @g() attributes {layout = #wrap.layout<preserve>}

// -----

func.func @c(%t: !wrap.tensor<2x3xf32>) -> !wrap.tensor<2x3xf32> {
  // expected-error @below {{channels_last_3d needs a tensor of rank 5}}
  %0 = wrap.coerce_layout %t to <channels_last_3d> : !wrap.tensor<2x3xf32>
  return %0 : !wrap.tensor<2x3xf32>
}
