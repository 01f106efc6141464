# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5237).report())'
# Shrink: cd python/tests && python minimize.py 5237 --write
#
# seed 5237: 3 unexplained difference(s)
#   dynamo call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 3: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 5237 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5237)
    l1 = torch.randn((5, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(5237)
    l1 = torch.randn((6, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]



def fn(a0):
    v1 = a0.sum(1)
    a0.zero_()
    v2 = a0.select(1, 0)
    v3 = v2.unsqueeze(0)
    v4 = v2[4:]
    v3.t_()
    return (v4, v1, v2, v3)
