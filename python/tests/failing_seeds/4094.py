# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4094).report())'
# Shrink: cd python/tests && python minimize.py 4094 --write
#
# seed 4094: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[0.9447021484375, 0.0, -5.679706573486328]]
#       want [[0.9447021484375, 0.0, 2.332418441772461]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[0.9447021484375, 0.0, -5.679706573486328]]
#       want [[0.9447021484375, 0.0, 2.332418441772461]]
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[0.9447021484375, 0.0, -5.679706573486328]]
#       want [[0.9447021484375, 0.0, 2.332418441772461]]
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[0.9447021484375, 0.0, -5.679706573486328]]
#       want [[0.9447021484375, 0.0, 2.332418441772461]]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory

import torch

# seed 4094 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4094)
    t1 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t2 = t1[2]
    t3 = t1[:, 1]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    with torch.enable_grad():
        a0.copy_(a1)
        a1.sub_(a1)
        v1 = a0.add(a0)
    a0.add_(v1)
    v2 = a1.detach()
    a0.add_(v2)
    v3 = a0.view(torch.int32)
    v4 = a0.t()
    v5 = a0.view(torch.int32)
    v6 = v2.add(a1)
    return v4
