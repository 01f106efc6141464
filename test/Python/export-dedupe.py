# One tensor passed twice and mutated through one of the names
# (AOTDedupeWrapper): the runtime wrapper takes the deduplicated arguments
# and the entry is a dedupe wrapper over all of them, which checks at run
# time that the duplicate is the same tensor.
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s < %t.mlir
# RUN: wrapc-opt %t.mlir --wrap-specialize | FileCheck %s --check-prefix=DEDUPE
import torch
import wrapc_torch


def f(scale, a, b):
    a.mul_(scale)
    return b + 1


x = torch.randn(3)
with torch.no_grad():
    print(wrapc_torch.export(f, torch.randn(3), x, x, direct=True), end="")

# CHECK:      func.func private @wrapc_torch_graph(!wrap.tensor<3xf32>, !wrap.tensor<3xf32>)
# CHECK-NEXT: wrap.runtime_wrapper @wrapc_torch_runtime_wrapper : (!wrap.tensor<3xf32>, !wrap.tensor<3xf32>)
# CHECK-SAME:     -> !wrap.tensor<3xf32> calls @wrapc_torch_graph
# CHECK-NEXT:   inputs [#wrap.input<is_leaf>, #wrap.input<mutates_data, mutations_under_no_grad_or_inference_mode, is_leaf>]
# CHECK:      wrap.dedupe_wrapper @wrapc_torch_wrapper
# CHECK-SAME:     : (!wrap.tensor<3xf32>, !wrap.tensor<3xf32>, !wrap.tensor<3xf32>) -> !wrap.tensor<3xf32>
# CHECK-SAME:     calls @wrapc_torch_runtime_wrapper dupes [0, 1, 1]

# DEDUPE-LABEL: func.func @wrapc_torch_wrapper(
# DEDUPE-SAME:      %[[S:.*]]: !wrap.tensor<3xf32>, %[[A:.*]]: !wrap.tensor<3xf32>, %[[B:.*]]: !wrap.tensor<3xf32>)
# DEDUPE:         wrap.check_same_tensor %[[B]], %[[A]] {duplicate = 2 : i64, original = 1 : i64}
# DEDUPE:         call @wrapc_torch_runtime_wrapper(%[[S]], %[[A]])
