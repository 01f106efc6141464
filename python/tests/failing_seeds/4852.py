# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4852).report())'
# Shrink: cd python/tests && python minimize.py 4852 --write
#
# seed 4852: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 2, 3), None)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 2, 3), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 2, 3), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 0, False, True, (0, 2, 3), None)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 4852 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(4852)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.randint(-5, 6, (4, 5), generator=g, dtype=torch.int64)
    t3 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t4 = t3[0]
    t5 = t3[:, 0]
    a0 = t1
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(4852)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.randint(-5, 6, (5, 6), generator=g, dtype=torch.int64)
    t3 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t4 = t3[0]
    t5 = t3[:, 0]
    a0 = t1
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []



def fn(a0, a1, a2, a3):
    v2 = a3.view(-1)
    v2.copy_(a2)
    a0.copy_(a0)
    with torch.no_grad():
        a0.mul_(-1.5)
        v3 = a2[1::2]
        a1.mul_(a1)
    a0.t_()
    v4 = v2.add(1.25)
    with torch.no_grad():
        a0.set_(a3)
    a2.squeeze_(0)
    return (v4, v3, v2)
