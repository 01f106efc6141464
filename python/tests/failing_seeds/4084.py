# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4084).report())'
# Shrink: cd python/tests && python minimize.py 4084 --write
#
# seed 4084: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 4084 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(4084)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.detach()
    with torch.no_grad():
        v2 = a0[:1:2]
        v3 = a0.to(torch.float64)
        a1.mul_(3.0)
    v3.as_strided_((2, 1), (1, 2), 0)
    with torch.no_grad():
        v4 = a1.clone()
    v5 = v3.expand(3, 2, 3)
    a1.add_(3.0)
    return (v2, v1)
