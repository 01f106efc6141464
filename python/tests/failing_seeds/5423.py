# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5423).report())'
# Shrink: cd python/tests && python minimize.py 5423 --write
#
# seed 5423: 3 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 3: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 5423 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5423)
    l1 = torch.randn((3,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1[:2]
    t3 = l1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(5423)
    l1 = torch.randn((4,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1[:2]
    t3 = l1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    v1 = a1[1:2]
    v2 = a1.sin()
    v3 = a1.unsqueeze(0)
    return (v1, v2)
