# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6422).report())'
# Shrink: cd python/tests && python minimize.py 6422 --write
#
# seed 6422: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 1, False, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 1, False, True, (0, 1, 2), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (4,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (4,), (1,), 1, False, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 1, False, True, (0, 1, 2), None)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 6422 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(6422)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    t3 = torch.randn((5,), generator=g, dtype=torch.float32)
    t4 = t3[:3]
    t5 = t3[1:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    with torch.no_grad():
        a0.set_(a2)
    a0.t_()
    v1 = a2.as_strided((2,), (2,), 2)
    v1.squeeze_(0)
    a0.add_(3.0)
    a0.as_strided_((1, 1, 2), (4, 1, 1), 2)
    v2 = a2.detach()
    return (v1, v2)
