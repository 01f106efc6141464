# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(970).report())'
# Shrink: cd python/tests && python minimize.py 970 --write
#
# seed 970: 2 unexplained difference(s)
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
#   notes: pytorch-raises-wrapc-equals-eager

import torch

# seed 970 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(970)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[0:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.mul_(-1.5)
    v1 = a0.contiguous()
    v2 = v1.view(2, 1)
    return (v2, a1, v1)
