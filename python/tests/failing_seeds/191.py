# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(191).report())'
# Shrink: cd python/tests && python minimize.py 191 --write
#
# seed 191: 4 unexplained difference(s)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 191 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(191)
    t1 = torch.randn((3, 5), generator=g, dtype=torch.float32)
    t2 = torch.randn((3,), generator=g, dtype=torch.float32)
    t3 = t2[:2]
    t4 = t2[2:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    v1 = a0.detach()
    v2 = a1.add(a1)
    v3 = a1[1]
    v3.as_strided_((1,), (4,), 1)
    v2.unsqueeze_(-2)
    v3.as_strided_((1, 1, 1), (2, 1, 3), 1)
    v4 = a2.expand(3)
    return (v3, v3, v1)


# Shrunk (python minimize.py 191):
#
# seed 191: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 5), (5, 1), 0, False, True, (0,), None)
# import torch
#
# # seed 191 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(191)
#     t1 = torch.randn((3, 5), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     v1 = a0.detach()
#     return (v1,)
#
