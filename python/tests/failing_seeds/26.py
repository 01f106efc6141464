# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(26).report())'
# Shrink: cd python/tests && python minimize.py 26 --write
#
# seed 26: 6 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 2)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (2, 3), 3)
#   notes: pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 26 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(26)
    t1 = torch.randn((3, 2), generator=g, dtype=torch.float32)
    t2 = t1[2]
    t3 = t1[:, 0]
    t4 = torch.randn((4,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 2, (1,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    a0.mul_(a3)
    v1 = a3.view(-1)
    return (v1, v1, a3, a2)


# Shrunk (python minimize.py 26):
#
# seed 26: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, False, True, (0, 1), 1)
# import torch
#
# # seed 26 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(26)
#     t4 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 2, (1,), (1,))
#     t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
#     a2 = t5
#     a3 = t6
#     return [a2, a3], []
#
#
# def fn(a2, a3):
#     v1 = a3.view(-1)
#     return (v1,)
#
