# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3385).report())'
# Shrink: cd python/tests && python minimize.py 3385 --write
#
# seed 3385: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 3385 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3385)
    t1 = torch.randn((1, 4, 3), generator=g, dtype=torch.float32)
    t2 = torch.randn((5, 5, 1, 1), generator=g, dtype=torch.float32)
    t3 = t2.permute(3, 2, 1, 0)
    l4 = torch.randn((4, 4), generator=g, dtype=torch.float64).requires_grad_()
    a0 = t1
    a1 = t3
    a2 = l4
    return [a0, a1, a2], [l4]


def fn(a0, a1, a2):
    v1 = a2.sum(0)
    v2 = a2[1:3]
    v3 = a0.to(torch.float32)
    v4 = a2.neg()
    return (v4, v2, v1)
