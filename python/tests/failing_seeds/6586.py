# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6586).report())'
# Shrink: cd python/tests && python minimize.py 6586 --write
#
# seed 6586: 2 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [1.2644784450531006, 0.0, 0.0]
#       want [0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [1.2644784450531006, 0.0, 0.0]
#       want [0.0, 0.0, 0.0]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [1.2644784450531006, 0.0, 0.0]
#       want [0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [1.2644784450531006, 0.0, 0.0]
#       want [0.0, 0.0, 0.0]
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 6586 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6586)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:2]
    t6 = t4[0:]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    v1 = a0.add(a1)
    a1.squeeze_(0)
    a2.add_(3.0)
    v2 = a2[2]
    v3 = v2.as_strided((2,), (0,), 0)
    with torch.no_grad():
        v4 = v2.unsqueeze(0)
    a0.mul_(a1)
    return (v3,)
