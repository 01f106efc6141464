# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(828).report())'
# Shrink: cd python/tests && python minimize.py 828 --write
#
# seed 828: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
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
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 828 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(828)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[0:]
    l4 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = torch.randint(-5, 6, (3,), generator=g, dtype=torch.int64)
    t7 = torch.empty(0, dtype=torch.int64).set_(t6.untyped_storage(), 1, (2,), (1,))
    t8 = torch.empty(0, dtype=torch.int64).set_(t6.untyped_storage(), 0, (2,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t7
    a4 = t8
    return [a0, a1, a2, a3, a4], [l4]


def fn(a0, a1, a2, a3, a4):
    v2 = a3[:]
    v3 = a2[:]
    v4 = a4[1:]
    a4.add_(-1)
    v5 = a2.view(-1)
    v6 = v2.mul(v5)
    return v5
