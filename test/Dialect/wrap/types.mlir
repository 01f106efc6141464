// !wrap.tensor (every element type, static/dynamic/rank-0 shapes, devices)
// and !wrap.subclass (dynamic outer shapes, meta, nesting, quoted names).
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// Every element type, one per argument.
// CHECK: func.func private @elements(!wrap.tensor<2xf16>, !wrap.tensor<2xbf16>, !wrap.tensor<2xf32>, !wrap.tensor<2xf64>, !wrap.tensor<2xi1>, !wrap.tensor<2xi8>, !wrap.tensor<2xui8>, !wrap.tensor<2xi16>, !wrap.tensor<2xi32>, !wrap.tensor<2xi64>)
func.func private @elements(!wrap.tensor<2xf16>, !wrap.tensor<2xbf16>, !wrap.tensor<2xf32>, !wrap.tensor<2xf64>,
    !wrap.tensor<2xi1>, !wrap.tensor<2xi8>, !wrap.tensor<2xui8>, !wrap.tensor<2xi16>, !wrap.tensor<2xi32>, !wrap.tensor<2xi64>)

// Shapes: static, dynamic, mixed, zero-sized, rank 0.
// CHECK-NEXT: func.func private @shapes(!wrap.tensor<4x3xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4x?xf32>, !wrap.tensor<?x?x?xi64>, !wrap.tensor<0x5xf32>, !wrap.tensor<f64>, !wrap.tensor<i1>)
func.func private @shapes(!wrap.tensor<4x3xf32>, !wrap.tensor<?xf32>, !wrap.tensor<4x?xf32>, !wrap.tensor<?x?x?xi64>,
    !wrap.tensor<0x5xf32>, !wrap.tensor<f64>, !wrap.tensor<i1>)

// Devices: `host` is the default and is not printed; `cuda` is.
// CHECK-NEXT: func.func private @devices(!wrap.tensor<3xf32>, !wrap.tensor<3xf32>, !wrap.tensor<16xbf16, cuda>, !wrap.tensor<?x2xi8, cuda>, !wrap.tensor<f32, cuda>)
func.func private @devices(!wrap.tensor<3xf32>, !wrap.tensor<3xf32, host>, !wrap.tensor<16xbf16, cuda>,
    !wrap.tensor<?x2xi8, cuda>, !wrap.tensor<f32, cuda>)

// Subclasses: dynamic outer shape; meta of any attribute kind; a rank-0
// outer shape; a nested subclass; attribute names that need quoting.
// CHECK-NEXT: func.func private @subclasses(
// CHECK-SAME:   !wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<4x?xf32>, b: !wrap.tensor<4x?xf32>]>,
// CHECK-SAME:   !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>], meta = {scale = 2.000000e+00 : f64}>,
// CHECK-SAME:   !wrap.subclass<"Tagged", f16, [v: !wrap.tensor<f16, cuda>], meta = "tag">,
// CHECK-SAME:   !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, "odd name": !wrap.tensor<4xf32>]>,
// CHECK-SAME:   !wrap.subclass<"torch.distributed.DTensor", ?x?xbf16, [_local_tensor: !wrap.tensor<?x?xbf16, cuda>], meta = [0, 1]>)
func.func private @subclasses(!wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<4x?xf32>, b: !wrap.tensor<4x?xf32>]>,
    !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>], meta = {scale = 2.0 : f64}>,
    !wrap.subclass<"Tagged", f16, [v: !wrap.tensor<f16, cuda>], meta = "tag">,
    !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, "odd name": !wrap.tensor<4xf32>]>,
    !wrap.subclass<"torch.distributed.DTensor", ?x?xbf16, ["_local_tensor": !wrap.tensor<?x?xbf16, cuda>], meta = [0, 1]>)

// Three levels of nesting, keyword names written as strings print bare.
// CHECK-NEXT: func.func private @deep(!wrap.subclass<"A", 2xf32, [x: !wrap.subclass<"B", 2xf32, [y: !wrap.subclass<"C", 2xf32, [z: !wrap.tensor<2xf32>]>]>]>)
func.func private @deep(!wrap.subclass<"A", 2xf32, ["x": !wrap.subclass<"B", 2xf32, [y: !wrap.subclass<"C", 2xf32, [z: !wrap.tensor<2xf32>]>]>]>)
