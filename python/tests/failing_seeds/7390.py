# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7390).report())'
# Shrink: cd python/tests && python minimize.py 7390 --write
#
# seed 7390: 12 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1, 2, 3), 1)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, True, False, (0, 1, 2, 3), None)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[3]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1, 2, 3), 1)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[0]:
#       got (0, 3)
#       want (0, 2, 3)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[2]:
#       got (2,)
#       want (0, 2, 3)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[3]:
#       got (0, 3)
#       want (0, 2, 3)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1, 2, 3), 1)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, True, False, (0, 1, 2, 3), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[3]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1, 2, 3), 1)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[0]:
#       got (0, 3)
#       want (0, 2, 3)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[2]:
#       got (2,)
#       want (0, 2, 3)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on output_sharing[3]:
#       got (0, 3)
#       want (0, 2, 3)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after

import torch

# seed 7390 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7390)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    l4 = torch.randn((1, 3), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5.expand(2, 3)
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t6
    return [a0, a1, a2, a3], [l4]


def fn(a0, a1, a2, a3):
    v1 = a1[:]
    v1.zero_()
    torch.set_grad_enabled(False)
    a3.transpose_(0, 1)
    v2 = a1[::2]
    v1.add_(v1)
    with torch.no_grad():
        a2.set_(a0)
    v3 = v1.add(-1.5)
    return (v1, v3, a2, v2)
