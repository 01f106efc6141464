// wrap.subclass.unwrap (with and without symints, nested), wrap.subclass.wrap
// (with and without outer sizes) and wrap.subclass.check_type.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @dynamic(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>)
// CHECK-NEXT:    wrap.subclass.check_type %[[S]] : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
// CHECK-NEXT:    %[[U:.*]]:3 = wrap.subclass.unwrap %[[S]] {symints} : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
// CHECK-NEXT:    %[[V:.*]]:2 = wrap.subclass.unwrap %[[S]] : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[U]]#1, %[[V]]#0 : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>) outer(%[[U]]#2) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
// CHECK-NEXT:    return %[[W]] :
func.func @dynamic(%s: !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> {
  wrap.subclass.check_type %s : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
  %a, %b, %n = wrap.subclass.unwrap %s {symints} : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
  %c, %d = wrap.subclass.unwrap %s : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  %r = wrap.subclass.wrap(%b, %c : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>) outer(%n) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
  return %r : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
}

// A nested subclass comes out of unwrap as a subclass value; a static
// outer shape takes no outer sizes (even with symints).
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3 : i64>, scale: !wrap.tensor<f32>]>)
// CHECK-NEXT:    %[[O:.*]]:2 = wrap.subclass.unwrap %[[S]] {symints} : !wrap.subclass<"Outer"{{.*}}> -> !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3 : i64>, !wrap.tensor<f32>
// CHECK-NEXT:    %[[I:.*]] = wrap.subclass.unwrap %[[O]]#0 : !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3 : i64> -> !wrap.tensor<4xi8>
// CHECK-NEXT:    %[[RI:.*]] = wrap.subclass.wrap(%[[I]] : !wrap.tensor<4xi8>) -> !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3 : i64>
// CHECK-NEXT:    %[[RO:.*]] = wrap.subclass.wrap(%[[RI]], %[[O]]#1 : !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3 : i64>, !wrap.tensor<f32>) -> !wrap.subclass<"Outer"
// CHECK-NEXT:    return %[[RO]] :
func.func @nested(%s: !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, scale: !wrap.tensor<f32>]>)
    -> !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, scale: !wrap.tensor<f32>]> {
  %in, %scale = wrap.subclass.unwrap %s {symints} : !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, scale: !wrap.tensor<f32>]>
      -> !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, !wrap.tensor<f32>
  %data = wrap.subclass.unwrap %in : !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3> -> !wrap.tensor<4xi8>
  %rin = wrap.subclass.wrap(%data : !wrap.tensor<4xi8>) -> !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>
  %r = wrap.subclass.wrap(%rin, %scale : !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, !wrap.tensor<f32>)
      -> !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, scale: !wrap.tensor<f32>]>
  return %r : !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Fp8", 4xf32, [data: !wrap.tensor<4xi8>], meta = 3>, scale: !wrap.tensor<f32>]>
}

// Two dynamic outer dimensions: two symints, two outer sizes.
// CHECK-LABEL: func.func @two_dims(
// CHECK-NEXT:    %[[U:.*]]:3 = wrap.subclass.unwrap %{{.*}} {symints} : !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]> -> !wrap.tensor<?x?xf16, cuda>, index, index
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[U]]#0 : !wrap.tensor<?x?xf16, cuda>) outer(%[[U]]#1, %[[U]]#2) -> !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]>
func.func @two_dims(%s: !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]>) -> !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]> {
  %m, %d0, %d1 = wrap.subclass.unwrap %s {symints} : !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]> -> !wrap.tensor<?x?xf16, cuda>, index, index
  %r = wrap.subclass.wrap(%m : !wrap.tensor<?x?xf16, cuda>) outer(%d0, %d1) -> !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]>
  return %r : !wrap.subclass<"M", ?x?xf16, [m: !wrap.tensor<?x?xf16, cuda>]>
}
