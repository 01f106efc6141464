# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6068).report())'
# Shrink: cd python/tests && python minimize.py 6068 --write
#
# seed 6068: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 6068 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6068)
    l1 = torch.randn((4, 1, 3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(3, 2, 1, 0)
    a0 = t3
    return [a0], [l1]


def fn(a0):
    v1 = a0.select(2, 0)
    v1.transpose_(0, 1)
    v2 = a0[:, :, :, 3::2]
    v3 = v2[:, 1::2]
    v4 = v2.reshape(12, 1, 1)
    return (v4, v3, v1)
