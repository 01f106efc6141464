# An input mutated in place and an output that views another input.
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s < %t.mlir
# RUN: wrapc-opt %t.mlir --wrap-specialize | FileCheck %s --check-prefix=SPEC
import torch
import wrapc_torch


def f(x, y):
    x.add_(1)
    return y.view(-1), x * 2


print(wrapc_torch.export(f, torch.randn(3), torch.randn(2, 2)), end="")

# CHECK:      func.func private @wrapc_torch_graph(!wrap.tensor<3xf32>, !wrap.tensor<2x2xf32>)
# CHECK-SAME:     -> (!wrap.tensor<3xf32>, !wrap.tensor<4xf32>, !wrap.tensor<3xf32>)
# CHECK-NEXT: wrap.runtime_wrapper @wrapc_torch_wrapper : (!wrap.tensor<3xf32>, !wrap.tensor<2x2xf32>)
# CHECK-SAME:     -> (!wrap.tensor<4xf32>, !wrap.tensor<3xf32>) calls @wrapc_torch_graph
# CHECK-NEXT:   inputs [#wrap.input<mutates_data, is_leaf>, #wrap.input<is_leaf>]
# CHECK-NEXT:   outputs [#wrap.output<alias_of_input, base = 1, view = <[?], [?], ?>>, #wrap.output<non_alias>]

# The mutation becomes a copy_ back into x; the alias a view of y with the
# geometry the graph's output has at run time.
# SPEC-LABEL: func.func @wrapc_torch_wrapper(
# SPEC:         wrap.call_compiled @wrapc_torch_graph
# SPEC:         wrap.copy_inplace
# SPEC:         wrap.as_strided
