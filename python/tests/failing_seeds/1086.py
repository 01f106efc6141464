# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1086).report())'
# Shrink: cd python/tests && python minimize.py 1086 --write
#
# seed 1086: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 1086 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1086)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    l2 = torch.randn((2, 5, 5, 4), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t1
    a1 = l2
    return [a0, a1], [l2]


def fn(a0, a1):
    a0.zero_()
    v1 = a1.sub(a1)
    v2 = a1.view(10, 5, 4)
    v3 = v2.neg()
    v4 = a1.add(v1)
    return (v2, v1, a1)
