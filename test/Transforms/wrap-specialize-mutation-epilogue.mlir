// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue=elide-self-copies=false | FileCheck %s --check-prefix=CHECK-KEEP

// Storage mutation: set_, with the update detached in a joint graph.
// CHECK-LABEL: func.func @storage(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<?xf32>, %[[U:[^:]*]]: !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[U]]
// CHECK-NEXT:    %[[D:.*]] = wrap.detach %[[U]]
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[D]]
// CHECK-NOT:     wrap.apply_mutation
func.func @storage(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_metadata, mutates_storage_metadata>, trace_joint} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// Metadata only: as_strided_, no copy.
// CHECK-LABEL: func.func @metadata(
// CHECK-NEXT:    wrap.as_strided_inplace
// CHECK-NEXT:    return
func.func @metadata(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// Data and metadata: as_strided_ first, then the copy.
// CHECK-LABEL: func.func @data_and_metadata(
// CHECK-NEXT:    wrap.as_strided_inplace
// CHECK-NEXT:    wrap.copy_inplace
// CHECK-NEXT:    return
func.func @data_and_metadata(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// A leaf that requires grad: detach().copy_; a non-leaf or an input without
// grad: copy_.
// CHECK-LABEL: func.func @data(
// CHECK-NEXT:    wrap.detach_copy_inplace
// CHECK-NEXT:    wrap.copy_inplace
// CHECK-NEXT:    wrap.copy_inplace
// CHECK-NEXT:    return
func.func @data(%o: !wrap.tensor<4xf32>, %u: !wrap.tensor<4xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad, is_leaf, mutations_hidden_from_autograd>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, is_leaf>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

// The compiled graph hands back the input's own buffer: no data moves, but
// the version bump copy_ would have made stays. With the option off, the
// copy stays. A graph that returns another argument still copies.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>
// CHECK:         %[[R:.*]]:2 = wrap.call_compiled @kernel(%[[A]], %[[B]])
// CHECK-NEXT:    wrap.bump_version %[[A]]
// CHECK-NEXT:    wrap.copy_inplace %[[B]], %[[R]]#1
// CHECK-KEEP-LABEL:  func.func @in_place(
// CHECK-KEEP:          wrap.copy_inplace
// CHECK-KEEP-NEXT:     wrap.copy_inplace
func.func private @kernel(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  return %a, %a : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
func.func @in_place(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  %r:2 = wrap.call_compiled @kernel(%a, %b) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
  wrap.apply_mutation %a, %r#0 {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %b, %r#1 {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}
