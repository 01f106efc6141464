# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2945).report())'
# Shrink: cd python/tests && python minimize.py 2945 --write
#
# seed 2945: 2 unexplained difference(s)
#   direct call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   direct call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SelectBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns

import torch

# seed 2945 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(2945)
    l1 = torch.randn((5, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(2945)
    l1 = torch.randn((6, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]



def fn(a0, a1):
    a1.as_strided_((2, 1), (2, 1), 0)
    a0.fill_(2.0)
    v1 = a1.narrow(0, 0, 2)
    v2 = a0.clone()
    v3 = a1.mul(2.0)
    v4 = v3.sin()
    v5 = a1.select(1, 0)
    return (v2, v4, v3, v5)
