# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3336).report())'
# Shrink: cd python/tests && python minimize.py 3336 --write
#
# seed 3336: 2 unexplained difference(s)
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

# seed 3336 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(3336)
    t1 = torch.randn((3, 2), generator=g, dtype=torch.float32)
    l2 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    a2.fill_(2.0)
    return (a0, a1, a2)
