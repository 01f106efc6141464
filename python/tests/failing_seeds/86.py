# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(86).report())'
# Shrink: cd python/tests && python minimize.py 86 --write
#
# seed 86: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 86 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(86)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 3)
    t4 = torch.randn((3,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 0, (3,), (1,))
    a0 = t3
    a1 = t2
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a1.add_(a1)
    a0.transpose_(1, 0)
    v1 = a3.as_strided((1,), (4,), 0)
    v3 = a1.expand(6)
    a1.mul_(v1)
    v4 = a0.t()
    return v3


# Shrunk (python minimize.py 86):
#
# seed 86: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused
# import torch
#
# # seed 86 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(86)
#     l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     t3 = t2.view(2, 3)
#     t4 = torch.randn((3,), generator=g, dtype=torch.float32)
#     t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 0, (3,), (1,))
#     a0 = t3
#     a1 = t2
#     a3 = t6
#     return [a0, a1, a3], [l1]
#
#
# def fn(a0, a1, a3):
#     a0.transpose_(1, 0)
#     v1 = a3.as_strided((1,), (4,), 0)
#     v3 = a1.expand(6)
#     a1.mul_(v1)
#     return (v3,)
#
