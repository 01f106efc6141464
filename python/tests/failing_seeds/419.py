# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(419).report())'
# Shrink: cd python/tests && python minimize.py 419 --write
#
# seed 419: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 1), 20, False, True, (1,), None)
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 419 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(419)
    t1 = torch.randn((10, 4), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    t3 = torch.randn((5, 5, 5), generator=g, dtype=torch.float32)
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4.view(3, 2)
    a0 = t2
    a1 = t3
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a1.detach()
    v1.transpose_(2, 1)
    a2.zero_()
    torch.set_grad_enabled(False)
    v4 = v1.select(2, 4)
    v5 = v4.expand(5, 5)
    return (v5,)


# Shrunk (python minimize.py 419):
#
# seed 419: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 5), (25, 5), 4, False, True, (0,), None)
# import torch
#
# # seed 419 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(419)
#     t3 = torch.randn((5, 5, 5), generator=g, dtype=torch.float32)
#     a1 = t3
#     return [a1], []
#
#
# def fn(a1):
#     v1 = a1.detach()
#     v4 = v1.select(2, 4)
#     v5 = v4.expand(5, 5)
#     return (v5,)
#
