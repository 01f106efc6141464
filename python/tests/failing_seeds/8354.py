# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8354).report())'
# Shrink: cd python/tests && python minimize.py 8354 --write
#
# seed 8354: 2 unexplained difference(s)
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

# seed 8354 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8354)
    l1 = torch.randn((6, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[::2]
    t4 = torch.randn((4, 4), generator=g, dtype=torch.float64)
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0[:2]
    v2 = v1.view(torch.int32)
    v3 = v1.sub(v1)
    v4 = a0.narrow(1, 1, 1)
    return (v3, v4)
