# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1502).report())'
# Shrink: cd python/tests && python minimize.py 1502 --write
#
# seed 1502: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4,) (actual) vs (3,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4,) (actual) vs (3,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'

import torch

# seed 1502 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1502)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    l3 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:3]
    t6 = t4[1:]
    a0 = t2
    a1 = t1
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l3]


def fn(a0, a1, a2, a3):
    a3.add_(0.5)
    v1 = a3.view(-1)
    return (v1,)
