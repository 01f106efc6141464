# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7219).report())'
# Shrink: cd python/tests && python minimize.py 7219 --write
#
# seed 7219: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: dynamo-refused

import torch

# seed 7219 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7219)
    l1 = torch.randn((3, 5), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1.permute(1, 0)
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.select(1, 1)
    with torch.no_grad():
        a0.unsqueeze_(-1)
        v2 = a0.neg()
    v3 = v1.expand(1, 5)
    return (v1, a1, v3, a1)
