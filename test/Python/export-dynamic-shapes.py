# A dimension marked dynamic: the symbolic size is a leading int input and
# the tensor types carry `?`.
# RUN: %python %s | FileCheck %s
import torch
import wrapc_torch


def f(x):
    return x.sum(0), x.view(-1)


x = torch.randn(4, 3)
torch._dynamo.mark_dynamic(x, 0)
print(wrapc_torch.export(f, x), end="")

# CHECK:      func.func private @wrapc_torch_graph(i64, !wrap.tensor<?x3xf32>)
# CHECK:      wrap.runtime_wrapper @wrapc_torch_wrapper : (i64, !wrap.tensor<?x3xf32>)
# CHECK-NEXT:   inputs [#wrap.input<>, #wrap.input<is_leaf>]
# CHECK-NEXT:   outputs [#wrap.output<non_alias>, #wrap.output<alias_of_input, base = 1, view = <[?], [?], ?>
