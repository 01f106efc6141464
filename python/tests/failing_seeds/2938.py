# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2938).report())'
# Shrink: cd python/tests && python minimize.py 2938 --write
#
# seed 2938: 4 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 2938 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2938)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    t4 = torch.randn((4, 5), generator=g, dtype=torch.float64)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    with torch.enable_grad():
        a2.mul_(a1)
        v1 = a0.expand(3, 6)
        v2 = a0.t()
    v3 = a0.relu()
    v4 = a2.add(0.5)
    v1.transpose_(0, 1)
    v2.t_()
    a0.add_(0.5)
    v5 = a2.view(4, 5, 1)
    return (v3, v1, v5, v2)
