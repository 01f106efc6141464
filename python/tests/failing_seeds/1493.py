# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1493).report())'
# Shrink: cd python/tests && python minimize.py 1493 --write
#
# seed 1493: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 1493 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1493)
    l1 = torch.randn((7,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:3]
    t3 = l1[3:]
    t4 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t5 = t4[:3]
    t6 = t4[0:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a3.unsqueeze(0)
    v2 = a3.reshape(-1)
    v3 = a0.expand(1, 3)
    v4 = v2.mul(a3)
    v2.mul_(a3)
    return v3
