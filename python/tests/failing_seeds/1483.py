# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1483).report())'
# Shrink: cd python/tests && python minimize.py 1483 --write
#
# seed 1483: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (2, 3) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (2, 3) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (2, 3) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (2, 3) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (2, 3), (3, 1), 0, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 1483 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1483)
    t1 = torch.randn((6,), generator=g, dtype=torch.float64)
    t2 = t1.view(2, 3)
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    v1 = a0.to(torch.int64)
    with torch.no_grad():
        v2 = a1.neg()
        a0.mul_(v1)
    v3 = a0.detach()
    v4 = a1.view(3, 2)
    v5 = v2.expand(2, 6)
    return (v3,)
