# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8700).report())'
# Shrink: cd python/tests && python minimize.py 8700 --write
#
# seed 8700: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 3) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 3) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 8700 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8700)
    l1 = torch.randn((4, 3), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2[0]
    t4 = t2[:, 2]
    l5 = torch.randn((8,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5[::2]
    t7 = torch.randn((5, 1), generator=g, dtype=torch.float32)
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    a4 = t7
    return [a0, a1, a2, a3, a4], [l1, l5]


def fn(a0, a1, a2, a3, a4):
    v1 = a3[3:4]
    a0.sub_(a0)
    v2 = a0[2::2]
    with torch.no_grad():
        a3.mul_(a4)
    return v2
