# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9164).report())'
# Shrink: cd python/tests && python minimize.py 9164 --write
#
# seed 9164: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused

import torch

# seed 9164 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9164)
    l1 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    l2 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[:4]
    t5 = t3[0:]
    a0 = l1
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1, l2]


def fn(a0, a1, a2):
    v1 = a2.mul(-1.5)
    v2 = a2.add(v1)
    v3 = a0.unsqueeze(1)
    a2.mul_(0.5)
    v4 = v3.view(2)
    a2.unsqueeze_(0)
    return (a2, a2)
