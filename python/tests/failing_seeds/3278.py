# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3278).report())'
# Shrink: cd python/tests && python minimize.py 3278 --write
#
# seed 3278: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (2,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   notes: pytorch-differs-from-eager: version_deltas, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 3278 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3278)
    l1 = torch.randn((2, 4), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 0]
    t5 = torch.randn((2, 3, 5), generator=g, dtype=torch.float32)
    t6 = torch.randn((1, 4, 2), generator=g, dtype=torch.float32)
    a0 = t3
    a1 = t4
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a3.expand(3, 4, 2)
    v2 = a3.mul(2.0)
    a1.copy_(a1)
    v1.unsqueeze_(1)
    a2.copy_(a2)
    v3 = a1.view(-1)
    v4 = a1.unsqueeze(0)
    return (v3, v1, v4)
