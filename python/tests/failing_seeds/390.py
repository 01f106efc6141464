# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(390).report())'
# Shrink: cd python/tests && python minimize.py 390 --write
#
# seed 390: 10 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 2
#       want 1
#       wrapc vs PyTorch: got 2
#       want 1
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 2
#       want 1
#       wrapc vs PyTorch: got 2
#       want 1
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 2
#       want 1
#       wrapc vs PyTorch: got 2
#       want 1
#   dynamo call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 2
#       want 1
#       wrapc vs PyTorch: got 2
#       want 1
#   dynamo call 3: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 3: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 2
#       want 1
#       wrapc vs PyTorch: got 2
#       want 1

import torch

# seed 390 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(390)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 3, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(390)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 3, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a1[:]
    a1.zero_()
    a0.mul_(3.0)
    return (v1, a0, a1)


# Shrunk (python minimize.py 390):
#
# seed 390: 6 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (0, 1), 1)
#   dynamo call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   dynamo call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
# import torch
#
# # seed 390 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(390)
#     t1 = torch.randn((5,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (1,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 3, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v1 = a1[:]
#     a0.mul_(3.0)
#     return (v1,)
#
