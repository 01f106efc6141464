# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4407).report())'
# Shrink: cd python/tests && python minimize.py 4407 --write
#
# seed 4407: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2, 4) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2, 4) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2, 4) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2, 4) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns

import torch

# seed 4407 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(4407)
    l1 = torch.randn((16,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(4, 4)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.add_(a0)
    v1 = a1.mul(-1.5)
    v2 = a0.mul(1.25)
    v3 = a1[1::2]
    v4 = v3[0]
    return (v3, v2)
