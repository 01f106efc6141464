# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1211).report())'
# Shrink: cd python/tests && python minimize.py 1211 --write
#
# seed 1211: 8 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 1211 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1211)
    t1 = torch.randn((3, 4, 3), generator=g, dtype=torch.float64)
    l2 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    a0.zero_()
    a0.add_(-1.5)
    a2.copy_(a2)
    v1 = a0.permute(1, 2, 0)
    v2 = a1.t()
    v3 = a2.mul(a2)
    v4 = a2[4::2]
    return (v1, v3, v2, v4)
