# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5023).report())'
# Shrink: cd python/tests && python minimize.py 5023 --write
#
# seed 5023: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4, 3) (actual) vs (1, 3) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4, 3) (actual) vs (1, 3) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'

import torch

# seed 5023 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(5023)
    l1 = torch.randn((4, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 1]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.mul_(2.0)
    v1 = a0.unsqueeze(0)
    return (v1,)
