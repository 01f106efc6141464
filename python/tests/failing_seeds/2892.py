# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2892).report())'
# Shrink: cd python/tests && python minimize.py 2892 --write
#
# seed 2892: 4 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   notes: dynamo-refused

import torch

# seed 2892 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(2892)
    t1 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t2 = t1[0]
    t3 = t1[:, 1]
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(2892)
    t1 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t2 = t1[0]
    t3 = t1[:, 1]
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a0.mul(a1)
    a1.squeeze_(0)
    v2 = a1.t()
    v3 = v1.neg()
    v2.copy_(v3)
    v4 = a1.neg()
    return (a1,)
