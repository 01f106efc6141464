# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1804).report())'
# Shrink: cd python/tests && python minimize.py 1804 --write
#
# seed 1804: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 1804 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1804)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:4]
    t3 = l1[0:]
    t4 = torch.randn((3, 5, 4, 5), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a1.expand(4)
    v2 = a0.add(a1)
    return (v2, v1)
