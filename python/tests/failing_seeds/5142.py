# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5142).report())'
# Shrink: cd python/tests && python minimize.py 5142 --write
#
# seed 5142: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SqueezeBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 5142 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(5142)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:5]
    t4 = t2[0:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.view(-1)
    v2 = a0.mul(1.25)
    a1.copy_(a1)
    v3 = a1.squeeze()
    v4 = a1.mul(a1)
    with torch.no_grad():
        v5 = a1.expand(3, 6)
    return (v3, v1, v4)
