# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2699).report())'
# Shrink: cd python/tests && python minimize.py 2699 --write
#
# seed 2699: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'ZeroBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'ZeroBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 2699 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2699)
    l1 = torch.randn((5, 5, 4, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t4 = t3[:6]
    t5 = t3[3:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a2.sum()
    a0.zero_()
    a2.mul_(a2)
    v2 = a2.sin()
    v3 = a0[4:]
    v4 = a1.unsqueeze(1)
    return (v1, a0, v4, v2)
