// wrap.view_dtype: between element types of the same size any shape, any
// device; across sizes the last dimension scales.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<?x2xf16, cuda>, %[[C:[^:]*]]: !wrap.tensor<f64>, %[[D:[^:]*]]: !wrap.tensor<3xi1>)
// CHECK-NEXT:    %[[V0:.*]] = wrap.view_dtype %[[A]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
// CHECK-NEXT:    %[[V1:.*]] = wrap.view_dtype %[[B]] : !wrap.tensor<?x2xf16, cuda> -> !wrap.tensor<?x2xbf16, cuda>
// CHECK-NEXT:    %[[V2:.*]] = wrap.view_dtype %[[C]] : !wrap.tensor<f64> -> !wrap.tensor<i64>
// CHECK-NEXT:    %[[V3:.*]] = wrap.view_dtype %[[D]] : !wrap.tensor<3xi1> -> !wrap.tensor<3xi8>
// CHECK-NEXT:    %[[V4:.*]] = wrap.view_dtype %[[A]] : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[V0]], %[[V1]], %[[V2]], %[[V3]], %[[V4]] :
func.func @f(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<?x2xf16, cuda>, %c: !wrap.tensor<f64>, %d: !wrap.tensor<3xi1>)
    -> (!wrap.tensor<4xi32>, !wrap.tensor<?x2xbf16, cuda>, !wrap.tensor<i64>, !wrap.tensor<3xi8>, !wrap.tensor<4xf32>) {
  %v0 = wrap.view_dtype %a : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  %v1 = wrap.view_dtype %b : !wrap.tensor<?x2xf16, cuda> -> !wrap.tensor<?x2xbf16, cuda>
  %v2 = wrap.view_dtype %c : !wrap.tensor<f64> -> !wrap.tensor<i64>
  %v3 = wrap.view_dtype %d : !wrap.tensor<3xi1> -> !wrap.tensor<3xi8>
  %v4 = wrap.view_dtype %a : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  return %v0, %v1, %v2, %v3, %v4 : !wrap.tensor<4xi32>, !wrap.tensor<?x2xbf16, cuda>, !wrap.tensor<i64>, !wrap.tensor<3xi8>, !wrap.tensor<4xf32>
}

// -----
// Across element sizes (PyTorch's view(dtype)): the last dimension is split
// or merged; dynamic extents are allowed on either side.

// CHECK-LABEL: func.func @sizes(
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x8xf16>
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x2xf64>
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<?x3xf32> -> !wrap.tensor<?x12xi8>
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<2x?xi8, cuda> -> !wrap.tensor<2x?xf32, cuda>
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x16xui8>
// CHECK-NEXT:    wrap.view_dtype %{{.*}} : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x8xi16>
func.func @sizes(%a: !wrap.tensor<2x4xf32>, %b: !wrap.tensor<?x3xf32>, %c: !wrap.tensor<2x?xi8, cuda>) {
  %v0 = wrap.view_dtype %a : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x8xf16>
  %v1 = wrap.view_dtype %a : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x2xf64>
  %v2 = wrap.view_dtype %b : !wrap.tensor<?x3xf32> -> !wrap.tensor<?x12xi8>
  %v3 = wrap.view_dtype %c : !wrap.tensor<2x?xi8, cuda> -> !wrap.tensor<2x?xf32, cuda>
  %v4 = wrap.view_dtype %a : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x16xui8>
  %v5 = wrap.view_dtype %a : !wrap.tensor<2x4xf32> -> !wrap.tensor<2x8xi16>
  return
}
