# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(294).report())'
# Shrink: cd python/tests && python minimize.py 294 --write
#
# seed 294: 2 unexplained difference(s)
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

import torch

# seed 294 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(294)
    t1 = torch.randn((3,), generator=g, dtype=torch.float64)
    t2 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 1, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 0, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.add_(a1)
    v1 = a0.view(2, 1)
    return ()


# Shrunk (python minimize.py 294):
#
# seed 294: 2 unexplained difference(s)
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
# # seed 294 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(294)
#     t1 = torch.randn((3,), generator=g, dtype=torch.float64)
#     t2 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 1, (2,), (1,))
#     t3 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 0, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.add_(a1)
#     return ()
#
