# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1800).report())'
# Shrink: cd python/tests && python minimize.py 1800 --write
#
# seed 1800: 4 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas

import torch

# seed 1800 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1800)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 3)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.no_grad():
        a0.mul_(a0)
        a0.add_(a0)
    v1 = a1.neg()
    v2 = a0.unsqueeze(0)
    return (v1, v2)
