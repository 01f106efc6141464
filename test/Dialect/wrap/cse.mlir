// Memory effects on tensor state: queries read it, in-place ops write it,
// ops returning a new tensor object allocate in it. CSE and canonicalize
// must not merge a query across a write, nor merge two new objects; they
// may merge two reads with nothing in between and drop unused new objects.
// RUN: wrapc-opt %s --cse --canonicalize --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @size_across_set_storage
// CHECK:         %[[A:.*]] = wrap.tensor.size %arg0, 0
// CHECK-NEXT:    wrap.set_storage %arg0, %arg1
// CHECK-NEXT:    %[[B:.*]] = wrap.tensor.size %arg0, 0
// CHECK-NEXT:    return %[[A]], %[[B]]
func.func @size_across_set_storage(%x: !wrap.tensor<?xf32>, %y: !wrap.tensor<?xf32>) -> (index, index) {
  %a = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  wrap.set_storage %x, %y : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  %b = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  return %a, %b : index, index
}

// -----

// CHECK-LABEL: func.func @stride_offset_across_as_strided_
// CHECK:         wrap.tensor.stride %arg0, 0
// CHECK:         wrap.tensor.offset %arg0
// CHECK:         wrap.as_strided_inplace
// CHECK:         wrap.tensor.stride %arg0, 0
// CHECK:         wrap.tensor.offset %arg0
func.func @stride_offset_across_as_strided_(%x: !wrap.tensor<?xf32>, %y: !wrap.tensor<?xf32>) -> (index, index, index, index) {
  %s0 = wrap.tensor.stride %x, 0 : !wrap.tensor<?xf32>
  %o0 = wrap.tensor.offset %x : !wrap.tensor<?xf32>
  wrap.as_strided_inplace %x, %y : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  %s1 = wrap.tensor.stride %x, 0 : !wrap.tensor<?xf32>
  %o1 = wrap.tensor.offset %x : !wrap.tensor<?xf32>
  return %s0, %o0, %s1, %o1 : index, index, index, index
}

// -----

// Two detaches are two tensor objects, even with nothing in between.
// CHECK-LABEL: func.func @detach_twice
// CHECK:         %[[D1:.*]] = wrap.detach %arg0
// CHECK-NEXT:    wrap.set_requires_grad %arg0, true
// CHECK-NEXT:    %[[D2:.*]] = wrap.detach %arg0
// CHECK-NEXT:    %[[D3:.*]] = wrap.detach %arg0
// CHECK-NEXT:    return %[[D1]], %[[D2]], %[[D3]]
func.func @detach_twice(%x: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %d1 = wrap.detach %x : !wrap.tensor<4xf32>
  wrap.set_requires_grad %x, true : !wrap.tensor<4xf32>
  %d2 = wrap.detach %x : !wrap.tensor<4xf32>
  %d3 = wrap.detach %x : !wrap.tensor<4xf32>
  return %d1, %d2, %d3 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// A dtype view is a new tensor object made from the base's state now.
// CHECK-LABEL: func.func @view_dtype_across_copy
// CHECK:         wrap.view_dtype %arg0
// CHECK-NEXT:    wrap.bump_version %arg0
// CHECK-NEXT:    wrap.view_dtype %arg0
func.func @view_dtype_across_copy(%x: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xi32>, !wrap.tensor<4xi32>) {
  %a = wrap.view_dtype %x : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  wrap.bump_version %x : !wrap.tensor<4xf32>
  %b = wrap.view_dtype %x : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  return %a, %b : !wrap.tensor<4xi32>, !wrap.tensor<4xi32>
}

// -----

// Reads with no write between them merge; an unused new object is dropped.
// CHECK-LABEL: func.func @reads_merge
// CHECK-NEXT:    %[[A:.*]] = wrap.tensor.size %arg0, 0
// CHECK-NEXT:    return %[[A]], %[[A]]
func.func @reads_merge(%x: !wrap.tensor<?xf32>) -> (index, index) {
  %a = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  %b = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  %unused = wrap.detach %x : !wrap.tensor<?xf32>
  return %a, %b : index, index
}

// -----

// A query does not move or merge across an op with unknown effects.
// CHECK-LABEL: func.func @size_across_call
// CHECK:         wrap.tensor.size
// CHECK:         wrap.call_compiled
// CHECK:         wrap.tensor.size
func.func private @g(!wrap.tensor<?xf32>) -> ()
func.func @size_across_call(%x: !wrap.tensor<?xf32>) -> (index, index) {
  %a = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  wrap.call_compiled @g(%x) : (!wrap.tensor<?xf32>) -> ()
  %b = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  return %a, %b : index, index
}
