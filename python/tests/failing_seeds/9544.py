# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9544).report())'
# Shrink: cd python/tests && python minimize.py 9544 --write
#
# seed 9544: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, False, True, (0, 1), None)

import torch

# seed 9544 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9544)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.flatten()
    with torch.no_grad():
        a1.mul_(a1)
        v2 = a1.detach()
    v3 = a0.narrow(0, 10, 2)
    v4 = a1.sub(v2)
    return (v4, v2, v1)
