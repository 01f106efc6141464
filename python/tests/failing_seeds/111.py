# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(111).report())'
# Shrink: cd python/tests && python minimize.py 111 --write
#
# seed 111: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), 2)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (2,), None)

import torch

# seed 111 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(111)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    t3 = torch.randn((1, 5), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t2
    a2 = t3
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    v1 = a2.detach()
    v2 = a1.mul(a1)
    v2.squeeze_(0)
    v3 = v1[:, :1]
    v4 = v3.add(3.0)
    return (v1,)


# Shrunk (python minimize.py 111):
#
# seed 111: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 5), (5, 1), 0, False, True, (0,), None)
# import torch
#
# # seed 111 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(111)
#     t3 = torch.randn((1, 5), generator=g, dtype=torch.float32)
#     a2 = t3
#     return [a2], []
#
#
# def fn(a2):
#     v1 = a2.detach()
#     return (v1,)
#
