# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3041).report())'
# Shrink: cd python/tests && python minimize.py 3041 --write
#
# seed 3041: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on values[0]:
#       got [[-0.6421992182731628, 0.7297506332397461, 0.03546551987528801, 0.46332430839538574]]
#       want [[0.46332430839538574, 0.9009345769882202, 1.174167513847351, -0.6286189556121826]]
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 3, False, True, (2, 3), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on values[0]:
#       got [[-0.6421992182731628, 0.7297506332397461, 0.03546551987528801, 0.46332430839538574]]
#       want [[0.46332430839538574, 0.9009345769882202, 1.174167513847351, -0.6286189556121826]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on values[0]:
#       got [[-0.6421992182731628, 0.7297506332397461, 0.03546551987528801, 0.46332430839538574]]
#       want [[0.46332430839538574, 0.9009345769882202, 1.174167513847351, -0.6286189556121826]]
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on values[0]:
#       got [[-0.6421992182731628, 0.7297506332397461, 0.03546551987528801, 0.46332430839538574]]
#       want [[0.46332430839538574, 0.9009345769882202, 1.174167513847351, -0.6286189556121826]]
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 3, False, True, (2, 3), None)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 3041 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3041)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t4 = torch.randn((7,), generator=g, dtype=torch.float32)
    t5 = t4[:3]
    t6 = t4[3:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a1.view(torch.int32)
    a0.add_(v1)
    a2.mul_(0.5)
    v2 = v1.sum(0)
    v3 = a3.expand(4)
    v4 = a2.sub(0.5)
    v3.mul_(2.0)
    return (v3, v1, a1)
