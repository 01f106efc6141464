# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3478).report())'
# Shrink: cd python/tests && python minimize.py 3478 --write
#
# seed 3478: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (2,), 0, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 3478 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3478)
    t1 = torch.randn((8,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    v1 = a1.detach()
    v2 = v1.view(torch.int32)
    v2.mul_(2)
    v3 = a1.add(a1)
    a0.add_(a0)
    v1.mul_(3.0)
    return (v1, v2)
