# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(165).report())'
# Shrink: cd python/tests && python minimize.py 165 --write
#
# seed 165: 4 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   notes: dynamo-refused

import torch

# seed 165 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(165)
    t1 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t2 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 0, (1,), (1,))
    t4 = torch.randn((5, 4, 2), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    a2 = t4
    a3 = t4
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a3.unsqueeze(0)
    v2 = a0.expand(3)
    a1.unsqueeze_(1)
    v3 = v2.add(a1)
    return (v3, v1, a1)


# Shrunk (python minimize.py 165):
#
# seed 165: 4 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   notes: dynamo-refused
# import torch
#
# # seed 165 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(165)
#     t1 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
#     t2 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 0, (3,), (1,))
#     t3 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 0, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.unsqueeze_(1)
#     return ()
#
