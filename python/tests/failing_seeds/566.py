# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(566).report())'
# Shrink: cd python/tests && python minimize.py 566 --write
#
# seed 566: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 2.2367610931396484, 3.944178581237793, 1.1781840324401855]
#       want [0.0, 0.0, 1.1183805465698242, 3.944178581237793, 1.1781840324401855]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 2.2367610931396484, 3.944178581237793, 1.1781840324401855]
#       want [0.0, 0.0, 1.1183805465698242, 3.944178581237793, 1.1781840324401855]
#   notes: dynamo-refused

import torch

# seed 566 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(566)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[2:]
    t5 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t6 = t5[:4]
    t7 = t5[4:]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(566)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[2:]
    t5 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t6 = t5[:4]
    t7 = t5[4:]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1]



def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a0.as_strided_((1, 1, 2), (4, 1, 3), 0)
    a0.add_(a0)
    a2.add_(1)
    v1 = a1[:]
    return (a2, a1, v1, a1)
