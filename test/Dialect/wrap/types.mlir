// !wrap.tensor (every element type, dynamic dims, rank 0, devices) and !wrap.subclass (nested, meta) round-trip.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func private @tensors(!wrap.tensor<4x?xf32>, !wrap.tensor<f64>, !wrap.tensor<2xf16>, !wrap.tensor<2xbf16>, !wrap.tensor<2xi1>, !wrap.tensor<2xi8>, !wrap.tensor<2xi32>, !wrap.tensor<?x?x?xi64>, !wrap.tensor<16xbf16, cuda>, !wrap.tensor<3xf32>)
// CHECK-NEXT: func.func private @subclasses(!wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<4x?xf32>, b: !wrap.tensor<4x?xf32>]>, !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>], meta = {scale = 2.000000e+00 : f64}>, !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, "odd name": !wrap.tensor<4xf32>]>)
// CHECK-NEXT: }

func.func private @tensors(!wrap.tensor<4x?xf32>, !wrap.tensor<f64>, !wrap.tensor<2xf16>, !wrap.tensor<2xbf16>,
    !wrap.tensor<2xi1>, !wrap.tensor<2xi8>, !wrap.tensor<2xi32>, !wrap.tensor<?x?x?xi64>, !wrap.tensor<16xbf16, cuda>,
    !wrap.tensor<3xf32, host>)
func.func private @subclasses(!wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<4x?xf32>, b: !wrap.tensor<4x?xf32>]>,
    !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>], meta = {scale = 2.000000e+00 : f64}>,
    !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, "odd name": !wrap.tensor<4xf32>]>)
