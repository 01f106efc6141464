# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6851).report())'
# Shrink: cd python/tests && python minimize.py 6851 --write
#
# seed 6851: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'MulBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'MulBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 6851 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6851)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 3)
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.view(torch.int32)
    v1.mul_(v1)
    v2 = a0.add(0.5)
    return (v1, a1)
