# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5314).report())'
# Shrink: cd python/tests && python minimize.py 5314 --write
#
# seed 5314: 2 unexplained difference(s)
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
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns

import torch

# seed 5314 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(5314)
    t1 = torch.randn((6,), generator=g, dtype=torch.float64)
    t2 = t1[:2]
    t3 = t1[0:]
    l4 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4[:4]
    t6 = l4[4:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l4]


def fn(a0, a1, a2, a3):
    v1 = a3.view(2, 1)
    v2 = v1[:, :]
    a1.add_(1.25)
    a1.unsqueeze_(1)
    v3 = a1.mul(a0)
    v4 = a1.permute(0, 1)
    return (v1, v3, a3)
