# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3663).report())'
# Shrink: cd python/tests && python minimize.py 3663 --write
#
# seed 3663: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'

import torch

# seed 3663 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(3663)
    l1 = torch.randn((4,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 2)
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.fill_(0.5)
    v1 = a1.squeeze()
    v2 = v1.t()
    return (v1, v2)
