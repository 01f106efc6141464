# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(275).report())'
# Shrink: cd python/tests && python minimize.py 275 --write
#
# seed 275: 8 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   dynamo call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   dynamo call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   dynamo call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   dynamo call 3: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   dynamo call 3: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 275 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(275)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (1,), (1,))
    t4 = torch.randint(-5, 6, (5, 3), generator=g, dtype=torch.int64)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(275)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (1,), (1,))
    t4 = torch.randint(-5, 6, (6, 4), generator=g, dtype=torch.int64)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []



def fn(a0, a1, a2):
    v1 = a2.detach()
    a1.add_(a0)
    v2 = a0[0]
    a2.mul_(1)
    v1.add_(-1)
    v3 = a1.view(1, 1)
    return (v3, v2)


# Shrunk (python minimize.py 275):
#
# seed 275: 2 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   notes: wrapc-equals-eager-where-pytorch-differs: version_deltas
# import torch
#
# # seed 275 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(275)
#     t1 = torch.randn((3,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.add_(a0)
#     return ()
#
