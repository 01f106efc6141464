# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(870).report())'
# Shrink: cd python/tests && python minimize.py 870 --write
#
# seed 870: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   notes: wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 870 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(870)
    t1 = torch.randn((3,), generator=g, dtype=torch.float64)
    t2 = t1[:3]
    t3 = t1[0:]
    l4 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[::2]
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l4]


def fn(a0, a1, a2, a3):
    a0.add_(a1)
    v1 = a2.t()
    a2.add_(1.25)
    v2 = a0.sin()
    torch.set_grad_enabled(False)
    return (v1, v2, a3)
