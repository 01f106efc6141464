# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9890).report())'
# Shrink: cd python/tests && python minimize.py 9890 --write
#
# seed 9890: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (7,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (7,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (7,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (8,) (actual) vs (7,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (7,), (1,), 1, False, True, (0, 1), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 9890 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9890)
    t1 = torch.randn((8,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        a0.mul_(a0)
        a1.add_(-1.5)
        v1 = a0.narrow(0, 1, 6)
    with torch.enable_grad():
        v1.fill_(0.5)
        v2 = a0.mul(3.0)
    v1.add_(2.0)
    v3 = v2.clone()
    v4 = a1.detach()
    v3.fill_(-1.5)
    v5 = a0[6:7:2]
    return (v4, v5, v3)
