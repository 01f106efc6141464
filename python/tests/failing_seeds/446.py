# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(446).report())'
# Shrink: cd python/tests && python minimize.py 446 --write
#
# seed 446: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 446 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(446)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t4 = torch.randn((3,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(446)
    t1 = torch.randn((7,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t4 = torch.randn((4,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []



def fn(a0, a1, a2, a3):
    v1 = a1[:]
    a0.squeeze_(0)
    return (v1, a2, a0)


# Shrunk (python minimize.py 446):
#
# seed 446: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 2, False, True, (0, 1), 1)
# import torch
#
# # seed 446 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(446)
#     t1 = torch.randn((6,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v1 = a1[:]
#     return (v1,)
#
