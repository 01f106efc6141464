# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9408).report())'
# Shrink: cd python/tests && python minimize.py 9408 --write
#
# seed 9408: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns

import torch

# seed 9408 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(9408)
    l1 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(9408)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]



def fn(a0):
    a0.unsqueeze_(2)
    a0.fill_(1.25)
    v1 = a0.transpose(2, 1)
    v2 = v1.clone()
    return (v1, v2, a0)
