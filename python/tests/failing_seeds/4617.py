# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4617).report())'
# Shrink: cd python/tests && python minimize.py 4617 --write
#
# seed 4617: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'

import torch

# seed 4617 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(4617)
    l1 = torch.randn((3, 1, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(2, 1, 0)
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4.view(1, 3)
    a0 = t2
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], [l1, l3]


def fn(a0, a1, a2, a3):
    a2.fill_(-1.5)
    v1 = a2.unsqueeze(0)
    v2 = a2[0]
    v4 = a3.view(3)
    return (v4,)
