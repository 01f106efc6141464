# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2309).report())'
# Shrink: cd python/tests && python minimize.py 2309 --write
#
# seed 2309: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 2309 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2309)
    l1 = torch.randn((3, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(1, 0)
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.view(2, 3, 1)
    v2 = v1.sum()
    v2.add_(v2)
    v3 = v1.neg()
    v4 = v1.sum(0)
    return (v3, v1, a0)
