# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8050).report())'
# Shrink: cd python/tests && python minimize.py 8050 --write
#
# seed 8050: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 8050 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8050)
    l1 = torch.randn((4, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    l4 = torch.randn((4, 1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4.permute(2, 1, 0)
    a0 = t3
    a1 = t5
    return [a0, a1], [l1, l4]


def fn(a0, a1):
    v1 = a1.view(1, 1, 2, 2)
    v2 = a0.add(a0)
    return (v2, a0, a1, v1)
