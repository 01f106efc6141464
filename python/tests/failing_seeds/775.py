# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(775).report())'
# Shrink: cd python/tests && python minimize.py 775 --write
#
# seed 775: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: dynamo-refused

import torch

# seed 775 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(775)
    t1 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 1), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = torch.randn((4,), generator=g, dtype=torch.float64)
    t5 = t4[:4]
    t6 = t4[0:]
    a0 = t1
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l2]


def fn(a0, a1, a2, a3):
    v1 = a0.expand(3, 2, 2)
    a2.add_(-1.5)
    v2 = a3.unsqueeze(1)
    v3 = a1.transpose(0, 1)
    a0.transpose_(0, 1)
    v4 = v1.clone()
    v5 = a1.view(-1)
    return (v3, v2, v5, v4)
