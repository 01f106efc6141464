# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2790).report())'
# Shrink: cd python/tests && python minimize.py 2790 --write
#
# seed 2790: 2 unexplained difference(s)
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
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 2790 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2790)
    t1 = torch.randint(-5, 6, (1, 3, 5, 4), generator=g, dtype=torch.int64)
    l2 = torch.randn((3,), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[:2]
    t5 = t3[0:]
    l6 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t7 = l6 * 1
    t8 = t7[1:]
    a0 = t1
    a1 = t4
    a2 = t5
    a3 = t8
    a4 = t7
    return [a0, a1, a2, a3, a4], [l2, l6]


def fn(a0, a1, a2, a3, a4):
    a3.fill_(1.25)
    a1.mul_(a4)
    return (a2, a4, a3, a1)
