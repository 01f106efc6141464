// wrap-specialize-mutation-epilogue: each wrap.apply_mutation becomes the one
// write-back _apply_mutations runs for its input's flags.
// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue=elide-self-copies=false | FileCheck %s --check-prefix=CHECK-KEEP
// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue | FileCheck %s --check-prefix=CHECK-NONE
// RUN: wrapc-opt %s -split-input-file --wrap-specialize-mutation-epilogue=elide-self-copies=false | FileCheck %s --check-prefix=CHECK-NONE

// Nothing generic survives, whatever the option.
// CHECK-NONE-NOT: wrap.apply_mutation

// Storage mutation (set_): orig.set_(updated), with the update detached in a
// joint graph; set_ wins over data and metadata mutations (no copy, no
// as_strided_).
// CHECK-LABEL: func.func @storage(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<?xf32>, %[[U:[^:]*]]: !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[U]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    %[[D:.*]] = wrap.detach %[[U]] : !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[D]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.set_storage %[[O]], %[[U]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    return
func.func @storage(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_metadata, mutates_storage_metadata>, trace_joint} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, mutates_storage_metadata, requires_grad, is_leaf>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// Metadata only: as_strided_ from the update, no copy; the update is not
// detached in a joint graph.
// CHECK-LABEL: func.func @metadata(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<?xf32>, %[[U:[^:]*]]: !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
// CHECK-NEXT:    return
func.func @metadata(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_metadata, requires_grad, is_leaf>, trace_joint} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// Data and metadata: as_strided_ first, then the copy (detached for a leaf
// that requires grad), marked `restrided`: the input has the update's
// geometry by then, whatever its static type says.
// CHECK-LABEL: func.func @data_and_metadata(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<?xf32>, %[[U:[^:]*]]: !wrap.tensor<?xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {restrided}
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.detach_copy_inplace %[[O]], %[[U]] {restrided}
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {leaf, restrided}
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]]
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {autograd, restrided}
// CHECK-NEXT:    return
func.func @data_and_metadata(%o: !wrap.tensor<?xf32>, %u: !wrap.tensor<?xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, mutations_hidden_from_autograd, requires_grad, is_leaf>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, requires_grad, is_leaf>} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata, requires_grad>, trace_joint} : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>
  return
}

// -----

// The function changed the input's rank in place and wrote its data
// (`x.unsqueeze_(0); x.mul_(2)`): the copy is from a rank-3 update into an
// input typed rank 2 at entry, which `restrided` lets verify. Without it
// the copy would be refused (invalid.mlir).
// CHECK-LABEL: func.func @rank_change(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<?x?xf32>, %[[U:[^:]*]]: !wrap.tensor<1x3x4xf32>
// CHECK-NEXT:    wrap.as_strided_inplace %[[O]], %[[U]] : !wrap.tensor<?x?xf32>, !wrap.tensor<1x3x4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {restrided} : !wrap.tensor<?x?xf32>, !wrap.tensor<1x3x4xf32>
// CHECK-NEXT:    return
func.func @rank_change(%o: !wrap.tensor<?x?xf32>, %u: !wrap.tensor<1x3x4xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, mutates_metadata>} : !wrap.tensor<?x?xf32>, !wrap.tensor<1x3x4xf32>
  return
}

// -----

// Data only: a leaf that requires grad gets orig.detach().copy_(updated);
// a non-leaf that requires grad, a leaf that does not, and a joint-graph
// input get orig.copy_(updated) — which autograd records for a joint
// graph's input that requires grad (its update of one that does not is
// non-differentiable). The metadata's requires_grad is the input's after the
// function: a leaf that reports it without a flag saying autograd did not see
// the mutation either did not require grad before (`buf.copy_(w * 2)`: a
// recorded copy_) or was mutated through a detached alias functionalization
// does not flag (`x.detach().mul_(2)`: a detached copy). Only orig's
// requires_grad at run time tells, as in PyTorch: copy_inplace {leaf}, in a
// joint graph or not.
// CHECK-LABEL: func.func @data(
// CHECK-SAME:    %[[O:[^:]*]]: !wrap.tensor<4xf32>, %[[U:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.detach_copy_inplace %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {autograd} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {leaf} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[O]], %[[U]] {leaf} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    return
func.func @data(%o: !wrap.tensor<4xf32>, %u: !wrap.tensor<4xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad, is_leaf, mutations_hidden_from_autograd>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, is_leaf>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad, is_leaf>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %o, %u {info = #wrap.input<mutates_data, requires_grad, is_leaf>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

// Nothing to write back: neither data nor metadata changed. The verifier of
// wrap.apply_mutation rejects inputs that are not mutated out of graph, so
// the one reachable form is a storage resize alone (mutation type "mutated
// out of graph", write-back skipped as in PyTorch).
// CHECK-LABEL: func.func @nothing(
// CHECK-NEXT:    return
func.func @nothing(%o: !wrap.tensor<4xf32>, %u: !wrap.tensor<4xf32>) {
  wrap.apply_mutation %o, %u {info = #wrap.input<mutation_inductor_storage_resize>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

// The compiled graph hands back the input's own buffer (it returns the
// argument the call passed the input as): no data moves, but the version
// bump copy_ would have made stays; the metadata update stays too; a leaf
// requiring grad gets the bump as well. A result that is another argument
// still copies. With elide-self-copies=false every copy stays.
// CHECK-LABEL: func.func @in_place(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>, %[[B:[^:]*]]: !wrap.tensor<4xf32>, %[[C:[^:]*]]: !wrap.tensor<4xf32>
// CHECK:         %[[R:.*]]:4 = wrap.call_compiled @kernel(%[[A]], %[[B]], %[[C]])
// CHECK-NEXT:    wrap.bump_version %[[A]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.copy_inplace %[[B]], %[[R]]#1
// CHECK-NEXT:    wrap.as_strided_inplace %[[B]], %[[R]]#2
// CHECK-NEXT:    wrap.bump_version %[[B]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.bump_version %[[C]] : !wrap.tensor<4xf32>
// CHECK-NEXT:    return
// CHECK-KEEP-LABEL: func.func @in_place(
// CHECK-KEEP:         %[[R:.*]]:4 = wrap.call_compiled @kernel
// CHECK-KEEP-NEXT:    wrap.copy_inplace %{{.*}}, %[[R]]#0
// CHECK-KEEP-NEXT:    wrap.copy_inplace %{{.*}}, %[[R]]#1
// CHECK-KEEP-NEXT:    wrap.as_strided_inplace %{{.*}}, %[[R]]#2
// CHECK-KEEP-NEXT:    wrap.copy_inplace %{{.*}}, %[[R]]#2
// CHECK-KEEP-NEXT:    wrap.detach_copy_inplace %{{.*}}, %[[R]]#3
// CHECK-KEEP-NOT:     wrap.bump_version
// CHECK-KEEP:         return
func.func private @kernel(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %c: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  return %a, %a, %b, %c : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
func.func @in_place(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %c: !wrap.tensor<4xf32>) {
  %r:4 = wrap.call_compiled @kernel(%a, %b, %c) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
  wrap.apply_mutation %a, %r#0 {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %b, %r#1 {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %b, %r#2 {info = #wrap.input<mutates_data, mutates_metadata>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %c, %r#3 {info = #wrap.input<mutates_data, mutations_hidden_from_autograd, requires_grad, is_leaf>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

// No proof that the buffer is the input's own: a callee without a body, a
// callee with more than one block, an update that is not a call result.
// CHECK-LABEL: func.func @not_provable(
// CHECK-SAME:    %[[A:[^:]*]]: !wrap.tensor<4xf32>
// CHECK:         %[[R:.*]] = wrap.call_compiled @external(%[[A]])
// CHECK-NEXT:    wrap.copy_inplace %[[A]], %[[R]]
// CHECK-NEXT:    %[[S:.*]] = wrap.call_compiled @branchy(%[[A]])
// CHECK-NEXT:    wrap.copy_inplace %[[A]], %[[S]]
// CHECK-NEXT:    wrap.copy_inplace %[[A]], %[[A]]
// CHECK-NEXT:    return
func.func private @external(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
func.func private @branchy(%a: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  cf.br ^exit
^exit:
  return %a : !wrap.tensor<4xf32>
}
func.func @not_provable(%a: !wrap.tensor<4xf32>) {
  %r = wrap.call_compiled @external(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  wrap.apply_mutation %a, %r {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  %s = wrap.call_compiled @branchy(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  wrap.apply_mutation %a, %s {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.apply_mutation %a, %a {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}
