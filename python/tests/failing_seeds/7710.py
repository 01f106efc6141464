# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7710).report())'
# Shrink: cd python/tests && python minimize.py 7710 --write
#
# seed 7710: 5 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 6) (actual) vs (1, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 6) (actual) vs (1, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 6) (actual) vs (1, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 6) (actual) vs (1, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 3: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 7) (actual) vs (1, 4) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (7,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (7,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 7710 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7710)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t1
    a2 = t4
    return [a0, a1, a2], [l3]

def make_grown_inputs():
    g = torch.Generator().manual_seed(7710)
    t1 = torch.randn((7,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t1
    a2 = t4
    return [a0, a1, a2], [l3]



def fn(a0, a1, a2):
    v1 = a1.detach()
    v2 = a0[2:]
    a0.add_(2.0)
    v2.copy_(v2)
    v2.unsqueeze_(0)
    v3 = a0.unsqueeze(0)
    v4 = a0.sin()
    return (v4, v3, v1, v2)
