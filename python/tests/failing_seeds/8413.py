# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8413).report())'
# Shrink: cd python/tests && python minimize.py 8413 --write
#
# seed 8413: 4 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   dynamo call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   dynamo call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas

import torch

# seed 8413 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8413)
    l1 = torch.randn((10, 3), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1[::2]
    l3 = torch.randn((10, 5), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3[::2]
    t5 = torch.randn((4,), generator=g, dtype=torch.float32)
    t6 = t5[:4]
    t7 = t5[0:]
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1, l3]


def fn(a0, a1, a2, a3):
    a2.zero_()
    a3.zero_()
    a2.add_(a3)
    v1 = a1.add(a1)
    a2.copy_(a3)
    v2 = a0.select(1, 0)
    return (a0, v1, v2, a1)
