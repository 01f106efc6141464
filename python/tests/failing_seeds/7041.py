# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7041).report())'
# Shrink: cd python/tests && python minimize.py 7041 --write
#
# seed 7041: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas

import torch

# seed 7041 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7041)
    l1 = torch.randn((16,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4[:2]
    t6 = t4[0:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a3.copy_(a3)
    v1 = a0[6]
    return (v1, a1)
