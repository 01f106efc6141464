# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1435).report())'
# Shrink: cd python/tests && python minimize.py 1435 --write
#
# seed 1435: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (3, 4) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (3, 4) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (3, 4) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (3, 4) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (1, 2), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 1435 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1435)
    t1 = torch.randn((2, 5, 4, 2), generator=g, dtype=torch.float32)
    t2 = torch.randn((12,), generator=g, dtype=torch.float32)
    t3 = t2.view(3, 4)
    a0 = t1
    a1 = t2
    a2 = t3
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    v1 = a2.to(torch.float32)
    v2 = a2.mul(a2)
    torch.set_grad_enabled(False)
    v1.sub_(0.5)
    with torch.no_grad():
        v3 = a1.clone()
        v4 = a0[:, 2:4]
    v5 = v1.detach()
    a0.add_(0.5)
    return (v5, v1)
