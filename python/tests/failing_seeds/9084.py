# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9084).report())'
# Shrink: cd python/tests && python minimize.py 9084 --write
#
# seed 9084: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 4) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'

import torch

# seed 9084 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9084)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[0]
    t4 = t2[:, 0]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.neg()
    a0.add_(a0)
    v2 = a1.narrow(0, 2, 1)
    v3 = a0.narrow(0, 2, 1)
    return (v2,)
