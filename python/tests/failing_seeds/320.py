# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(320).report())'
# Shrink: cd python/tests && python minimize.py 320 --write
#
# seed 320: 2 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 320 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(320)
    t1 = torch.randn((16,), generator=g, dtype=torch.float32)
    t2 = t1.view(4, 4)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    a0.zero_()
    a0.mul_(a0)
    a1.add_(a1)
    v1 = a1.contiguous()
    return (v1, a0, a1)


# Shrunk (python minimize.py 320):
#
# seed 320: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (16,), (1,), 0, False, True, (0, 1), None)
# import torch
#
# # seed 320 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(320)
#     t1 = torch.randn((16,), generator=g, dtype=torch.float32)
#     t2 = t1.view(4, 4)
#     a0 = t1
#     a1 = t2
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.add_(a1)
#     return (a0,)
#
