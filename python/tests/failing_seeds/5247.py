# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5247).report())'
# Shrink: cd python/tests && python minimize.py 5247 --write
#
# seed 5247: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (16,) (actual) vs (4,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (16,) (actual) vs (4,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (16,) (actual) vs (4,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (16,) (actual) vs (4,) (expected)); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns

import torch

# seed 5247 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5247)
    l1 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[3]
    t4 = t2[:, 3]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.add_(a0)
    v1 = a0.sub(a1)
    v2 = a0.view(-1)
    return (v2, a1, v1)
