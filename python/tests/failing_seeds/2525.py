# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2525).report())'
# Shrink: cd python/tests && python minimize.py 2525 --write
#
# seed 2525: 1 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'MulBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads

import torch

# seed 2525 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2525)
    l1 = torch.randn((5, 4, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((3,), generator=g, dtype=torch.float64).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t4
    return [a0, a1], [l1, l3]


def fn(a0, a1):
    a0.mul_(1.25)
    v1 = a1.add(a1)
    v2 = a0.contiguous()
    v2.transpose_(0, 1)
    v3 = v2.squeeze()
    torch.set_grad_enabled(False)
    v4 = a0.detach()
    return (v2,)
