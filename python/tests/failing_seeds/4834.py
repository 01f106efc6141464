# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4834).report())'
# Shrink: cd python/tests && python minimize.py 4834 --write
#
# seed 4834: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 4834 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(4834)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[2:]
    t4 = torch.randn((4, 3, 3), generator=g, dtype=torch.float32)
    t5 = t4.permute(2, 1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t5
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        v1 = a3.view(torch.int32)
        v2 = a1.flatten()
    v4 = v2.reshape(3, 1)
    v5 = v2.to(torch.float64)
    v6 = v2.squeeze()
    v7 = v1.add(3)
    return (v5, v4, a1)
