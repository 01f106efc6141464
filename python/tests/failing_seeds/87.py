# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(87).report())'
# Shrink: cd python/tests && python minimize.py 87 --write
#
# seed 87: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward4'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward1'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward4'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward1'
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward4'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward1'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward4'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward1'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas

import torch

# seed 87 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(87)
    l1 = torch.randn((1, 5, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t4
    return [a0, a1], [l1, l3]


def fn(a0, a1):
    v1 = a0[0]
    with torch.no_grad():
        v2 = v1.add(a0)
    v3 = v2.expand(2, 5, 3)
    v4 = a1.sub(a1)
    v1.squeeze_(0)
    return (v1, v3, v4)
