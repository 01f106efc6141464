# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4239).report())'
# Shrink: cd python/tests && python minimize.py 4239 --write
#
# seed 4239: 4 unexplained difference(s)
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
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 4239 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4239)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    l2 = torch.randn((4, 4), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = torch.randn((5,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 0, (5,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    a0 = t1
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l2]


def fn(a0, a1, a2, a3):
    v1 = a3[0]
    v2 = v1.expand(2)
    v3 = v2.add(v1)
    v4 = a1[:]
    v5 = v3.detach()
    a2.add_(1.25)
    v6 = a1.sin()
    v7 = v4.expand(2, 4, 4)
    return (v7,)
