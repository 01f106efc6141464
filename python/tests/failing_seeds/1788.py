# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1788).report())'
# Shrink: cd python/tests && python minimize.py 1788 --write
#
# seed 1788: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'

import torch

# seed 1788 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1788)
    l1 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.neg()
    v1.fill_(1.25)
    v1.copy_(a0)
    v2 = a1.add(v1)
    a0.sub_(a0)
    v3 = a1.unsqueeze(1)
    return v3
