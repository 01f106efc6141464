# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6431).report())'
# Shrink: cd python/tests && python minimize.py 6431 --write
#
# seed 6431: 12 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   dynamo call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TransposeBackward0'
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 6431 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6431)
    l1 = torch.randn((16,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[::2]
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.reshape(4, 4)
    a1.zero_()
    v1.transpose_(1, 0)
    return (v1, v1, v1)
