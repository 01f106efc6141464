# Through AOTAutograd without Dynamo (Dynamo does not trace t_ on inputs):
# a data and a metadata mutation of one input, whose type is then dynamic.
# RUN: %python %s | FileCheck %s
import torch
import wrapc_torch


def f(x):
    x.add_(1)
    x.t_()
    return x * 1


print(wrapc_torch.export(f, torch.randn(2, 3), direct=True), end="")

# CHECK:      wrap.runtime_wrapper @wrapc_torch_wrapper : (!wrap.tensor<?x?xf32>) -> !wrap.tensor<3x2xf32>
# CHECK-NEXT:   inputs [#wrap.input<mutates_data, mutates_metadata, is_leaf>]
