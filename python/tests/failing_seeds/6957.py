# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6957).report())'
# Shrink: cd python/tests && python minimize.py 6957 --write
#
# seed 6957: 3 unexplained difference(s)
#   dynamo call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 3: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 6957 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(6957)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t4
    return [a0, a1], [l1, l3]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6957)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t4
    return [a0, a1], [l1, l3]



def fn(a0, a1):
    v1 = a0.select(0, 2)
    v2 = a0[0]
    a1.fill_(1.25)
    v3 = a1.sum(0)
    v4 = a0[1::2]
    v3.t_()
    return (v3, a1, v4)
