# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4025).report())'
# Shrink: cd python/tests && python minimize.py 4025 --write
#
# seed 4025: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'DiagonalBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'DiagonalBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'DiagonalBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'DiagonalBackward0'

import torch

# seed 4025 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(4025)
    l1 = torch.randn((3, 4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t3 = t2[0]
    t4 = t2[:, 1]
    a0 = l1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a0.diagonal()
    v2 = v1[2:]
    a1.add_(3.0)
    v3 = v1.relu()
    v4 = v2[:1]
    return (v1,)
