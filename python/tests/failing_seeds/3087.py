# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3087).report())'
# Shrink: cd python/tests && python minimize.py 3087 --write
#
# seed 3087: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'

import torch

# seed 3087 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3087)
    t1 = torch.randn((3, 1, 2), generator=g, dtype=torch.float32)
    t2 = torch.randint(-5, 6, (12,), generator=g, dtype=torch.int64)
    t3 = t2.view(3, 4)
    l4 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[:4]
    t7 = t5[2:]
    a0 = t1
    a1 = t3
    a2 = t2
    a3 = t6
    a4 = t7
    return [a0, a1, a2, a3, a4], [l4]


def fn(a0, a1, a2, a3, a4):
    a3.sub_(0.5)
    v1 = a3.mul(3.0)
    v2 = a3.t()
    v3 = a4.add(a0)
    v4 = v1.add(a3)
    return v2
