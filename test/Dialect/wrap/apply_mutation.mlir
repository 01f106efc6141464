// wrap.apply_mutation (the generic write-back, with its #wrap.input and
// trace_joint) and its four specializations: wrap.set_storage,
// wrap.as_strided_inplace, wrap.copy_inplace, wrap.detach_copy_inplace.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @generic(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<4xf32>, %[[U:[^:]*]]: !wrap.tensor<4xf32>, %[[D:[^:]*]]: !wrap.tensor<?xf32, cuda>) {
// CHECK-NEXT:    wrap.apply_mutation %[[O]], %[[U]] {info = #wrap.input<mutates_data, mutates_metadata>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.apply_mutation %[[O]], %[[U]] {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.apply_mutation %[[D]], %[[D]] {info = #wrap.input<mutates_metadata, mutates_storage_metadata>} : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>
// A storage resize alone is a mutation the wrapper handles (and writes
// nothing back for).
// CHECK-NEXT:    wrap.apply_mutation %[[O]], %[[U]] {info = #wrap.input<mutation_inductor_storage_resize>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// Flags print in declaration order, whatever order they were written in.
// CHECK-NEXT:    wrap.apply_mutation %[[D]], %[[D]] {info = #wrap.input<mutates_data, mutations_hidden_from_autograd, requires_grad, is_leaf>} : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>
// CHECK-NEXT:    return
func.func @generic(%o: !wrap.tensor<4xf32>, %u: !wrap.tensor<4xf32>, %d: !wrap.tensor<?xf32, cuda>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %d, %d {info = #wrap.input<mutates_storage_metadata, mutates_metadata>} : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutation_inductor_storage_resize>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %d, %d {info = #wrap.input<mutates_data, requires_grad, is_leaf, mutations_hidden_from_autograd>} : !wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>
  return
}

// CHECK-LABEL: func.func @specialized(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<4xf32>, %[[U:[^:]*]]: !wrap.tensor<2x2xf32>, %[[S:[^:]*]]: !wrap.tensor<1xf16>, %[[R:[^:]*]]: !wrap.tensor<?xf32>) {
// set_ and as_strided_ take any shape of the same element type.
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
// copy_ converts dtypes and broadcasts.
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[S]] : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[R]] : !wrap.tensor<4xf32>, !wrap.tensor<?xf32>
// A copy autograd records keeps its marker.
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[S]] {autograd} : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
// A copy into a leaf, decided at run time, keeps its marker.
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[S]] {leaf} : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
// CHECK-NEXT:    wrap.detach_copy_inplace %[[O]], %[[S]] : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
// After as_strided_ to the update's geometry, any rank of one element type.
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.detach_copy_inplace %[[O]], %[[U]] {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
// CHECK-NEXT:    wrap.detach_copy_inplace %[[U]], %[[S]] : !wrap.tensor<2x2xf32>, !wrap.tensor<1xf16>
// CHECK-NEXT:    return
func.func @specialized(%o: !wrap.tensor<4xf32>, %u: !wrap.tensor<2x2xf32>, %s: !wrap.tensor<1xf16>, %r: !wrap.tensor<?xf32>) {
  wrap.set_storage %o, %u : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.as_strided_inplace %o, %u : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.copy_inplace %o, %s : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
  wrap.copy_inplace %o, %r : !wrap.tensor<4xf32>, !wrap.tensor<?xf32>
  wrap.copy_inplace %o, %s {autograd} : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
  wrap.copy_inplace %o, %s {leaf} : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
  wrap.detach_copy_inplace %o, %s : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
  wrap.as_strided_inplace %o, %u : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.copy_inplace %o, %u {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.as_strided_inplace %o, %u : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.detach_copy_inplace %o, %u {restrided} : !wrap.tensor<4xf32>, !wrap.tensor<2x2xf32>
  wrap.detach_copy_inplace %u, %s : !wrap.tensor<2x2xf32>, !wrap.tensor<1xf16>
  return
}
