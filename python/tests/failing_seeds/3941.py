# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3941).report())'
# Shrink: cd python/tests && python minimize.py 3941 --write
#
# seed 3941: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'CopySlices'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'CopySlices'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   notes: wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 3941 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3941)
    l1 = torch.randn((8,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 4)
    t4 = torch.randn((5, 2), generator=g, dtype=torch.float32)
    t5 = t4.permute(1, 0)
    t6 = torch.randn((1, 2, 5), generator=g, dtype=torch.float32)
    t7 = t6.expand(4, 2, 5)
    a0 = t3
    a1 = t2
    a2 = t5
    a3 = t7
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a2.neg()
    a2.mul_(a2)
    a0.fill_(2.0)
    return (v1, a1)
