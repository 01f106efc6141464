# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7396).report())'
# Shrink: cd python/tests && python minimize.py 7396 --write
#
# seed 7396: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on version_deltas[1]:
#       got 0
#       want 1
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on version_deltas[1]:
#       got 0
#       want 1
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 7396 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7396)
    l1 = torch.randn((4,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t4 = torch.empty(0, dtype=torch.int64).set_(t3.untyped_storage(), 1, (1,), (1,))
    t5 = torch.empty(0, dtype=torch.int64).set_(t3.untyped_storage(), 1, (4,), (1,))
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a2[::2]
    a1.add_(a1)
    return (v1, a1)
