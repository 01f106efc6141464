# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(316).report())'
# Shrink: cd python/tests && python minimize.py 316 --write
#
# seed 316: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 316 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(316)
    t1 = torch.randn((9,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    a1.sub_(1.25)
    return (a0,)


# Shrunk (python minimize.py 316):
#
# seed 316: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas
# import torch
#
# # seed 316 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(316)
#     t1 = torch.randn((9,), generator=g, dtype=torch.float32)
#     t2 = t1[1:]
#     a0 = t1
#     a1 = t2
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.sub_(1.25)
#     return (a0,)
#
