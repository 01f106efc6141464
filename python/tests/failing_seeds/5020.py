# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5020).report())'
# Shrink: cd python/tests && python minimize.py 5020 --write
#
# seed 5020: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2, 3) (actual) vs (1, 3) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2, 3) (actual) vs (1, 3) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused

import torch

# seed 5020 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(5020)
    l1 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.unsqueeze_(-2)
    v1 = a1.add(a1)
    v2 = a0.unsqueeze(0)
    v3 = a1.view(1, 2, 1)
    a0.fill_(0.5)
    return (v2, v2, a1)
