# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1487).report())'
# Shrink: cd python/tests && python minimize.py 1487 --write
#
# seed 1487: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (3,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 4
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (3,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 4
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 1487 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1487)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (4,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 3, (3,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a0.sub_(a0)
    a0.sub_(a0)
    a0.fill_(2.0)
    a0.zero_()
    v1 = a1[:]
    return (v1,)
