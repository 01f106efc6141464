# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6962).report())'
# Shrink: cd python/tests && python minimize.py 6962 --write
#
# seed 6962: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.7682217955589294, 0.0, 0.0, 0.0]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3,) (actual) vs (2,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.7682217955589294, 0.0, 0.0, 0.0]
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 6962 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(6962)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    t4 = torch.randint(-5, 6, (4,), generator=g, dtype=torch.int64)
    t5 = t4[1:]
    a0 = t3
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6962)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    t4 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t5 = t4[1:]
    a0 = t3
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1]



def fn(a0, a1, a2):
    a2.zero_()
    v1 = a1[1:]
    a0.as_strided_((1, 1), (1, 4), 0)
    v3 = a0.select(1, 0)
    return (v3, v1, a0, a1)
