# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(366).report())'
# Shrink: cd python/tests && python minimize.py 366 --write
#
# seed 366: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)

import torch

# seed 366 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(366)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (3,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    v1 = a1.view(3, 1)
    return (v1, a1, a0)


# Shrunk (python minimize.py 366):
#
# seed 366: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (0, 1), 1)
# import torch
#
# # seed 366 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(366)
#     t1 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (2,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (3,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v1 = a1.view(3, 1)
#     return (v1,)
#
