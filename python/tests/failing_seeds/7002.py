# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7002).report())'
# Shrink: cd python/tests && python minimize.py 7002 --write
#
# seed 7002: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'

import torch

# seed 7002 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7002)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[::2]
    t4 = torch.randint(-5, 6, (5, 3, 1, 1), generator=g, dtype=torch.int64)
    t5 = t4.permute(3, 2, 1, 0)
    a0 = t3
    a1 = t2
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a1.mul_(0.5)
    v1 = a0[1:]
    return (v1, a2)
