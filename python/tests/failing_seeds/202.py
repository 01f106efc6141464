# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(202).report())'
# Shrink: cd python/tests && python minimize.py 202 --write
#
# seed 202: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [2, 3]); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [2, 3]); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [2, 3]); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [2, 3]); wrapc differs from eager on grad_fns[2]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns

import torch

# seed 202 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(202)
    l1 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.clone()
    v2 = a1.expand(2, 2)
    with torch.enable_grad():
        v3 = a0.unsqueeze(1)
        a0.fill_(1.25)
    v4 = a1[1:]
    v5 = v3.mul(1.25)
    return (v1, v2, v4)


# Shrunk (python minimize.py 202):
#
# seed 202: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
# import torch
#
# # seed 202 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(202)
#     l1 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     t3 = t2[1]
#     t4 = t2[:, 2]
#     a0 = t3
#     a1 = t4
#     return [a0, a1], [l1]
#
#
# def fn(a0, a1):
#     v4 = a1[1:]
#     return (v4,)
#
