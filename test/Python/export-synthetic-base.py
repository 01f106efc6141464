# A mutated input that aliases another input (AOTSyntheticBaseWrapper): the
# graph takes their synthetic base, and the entry is a synthetic base
# wrapper over the caller's tensors; an aliased input whose metadata the
# function changes is typed with dynamic sizes (its shape changes under the
# wrapper's as_strided_) and listed in metadata_mutated.
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s < %t.mlir
# RUN: wrapc-opt %t.mlir --wrap-specialize | FileCheck %s --check-prefix=MERGED
import torch
import wrapc_torch


def f(a, b):
    a.add_(1)
    b.t_()
    return b + 1


x = torch.randn(6)
with torch.no_grad():
    print(wrapc_torch.export(f, x, x.view(2, 3), direct=True), end="")

# CHECK:      func.func private @wrapc_torch_graph(!wrap.tensor<6xf32>)
# CHECK-SAME:     -> (!wrap.tensor<6xf32>, !wrap.tensor<3x2xf32>, !wrap.tensor<3x2xf32>)
# CHECK-NEXT: wrap.runtime_wrapper @wrapc_torch_runtime_wrapper : (!wrap.tensor<6xf32>)
# CHECK-SAME:     calls @wrapc_torch_graph
# CHECK-NEXT:   inputs [#wrap.input<mutates_data, is_leaf>]
# CHECK:      wrap.synthetic_base_wrapper @wrapc_torch_wrapper
# CHECK-SAME:     : (!wrap.tensor<6xf32>, !wrap.tensor<?x?xf32>) -> (!wrap.tensor<3x2xf32>)
# CHECK-SAME:     calls @wrapc_torch_runtime_wrapper args [0, 0] metadata_mutated [1]

# MERGED-LABEL: func.func @wrapc_torch_wrapper(
# MERGED-SAME:      %[[A:.*]]: !wrap.tensor<6xf32>, %[[B:.*]]: !wrap.tensor<?x?xf32>)
# MERGED:         %[[BASE:.*]] = wrap.synthetic_base %[[A]], %[[B]] {args = array<i64: 0, 1>}
# MERGED:         %[[R:.*]]:2 = call @wrapc_torch_runtime_wrapper(%[[BASE]])
# MERGED:         wrap.as_strided_inplace %[[B]], %[[R]]#1
# MERGED:         return %[[R]]#0
