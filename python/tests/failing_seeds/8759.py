# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8759).report())'
# Shrink: cd python/tests && python minimize.py 8759 --write
#
# seed 8759: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (4, 3) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (3, 1), 0, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 8759 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8759)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1.view(4, 3)
    l3 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[0]
    t6 = t4[:, 1]
    a0 = t2
    a1 = t1
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l3]


def fn(a0, a1, a2, a3):
    v1 = a1.squeeze()
    v2 = a0.detach()
    with torch.no_grad():
        v3 = a3.mul(a3)
        v1.sub_(a1)
        v2.add_(0.5)
    v4 = a3.t()
    return (v1, v2, v2)
