# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1257).report())'
# Shrink: cd python/tests && python minimize.py 1257 --write
#
# seed 1257: 2 unexplained difference(s)
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

# seed 1257 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(1257)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[1:]
    l5 = torch.randn((4, 2), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[1:]
    a0 = t3
    a1 = t4
    a2 = t7
    return [a0, a1, a2], [l1, l5]


def fn(a0, a1, a2):
    v1 = a0[2:]
    v2 = a2.clone()
    v3 = a0.add(v1)
    v4 = v2.reshape(3, 2, 1)
    a2.copy_(a1)
    return (v2, v4, a1, v3)
