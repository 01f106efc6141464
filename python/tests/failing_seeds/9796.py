# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9796).report())'
# Shrink: cd python/tests && python minimize.py 9796 --write
#
# seed 9796: 5 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   dynamo call 3: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 9796 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9796)
    t1 = torch.randn((8, 4, 2), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    l5 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[:3]
    t8 = t6[1:]
    a0 = t2
    a1 = t4
    a2 = t7
    a3 = t8
    return [a0, a1, a2, a3], [l3, l5]

def make_grown_inputs():
    g = torch.Generator().manual_seed(9796)
    t1 = torch.randn((9, 5, 3), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    l5 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[:3]
    t8 = t6[1:]
    a0 = t2
    a1 = t4
    a2 = t7
    a3 = t8
    return [a0, a1, a2, a3], [l3, l5]



def fn(a0, a1, a2, a3):
    v1 = a2[2]
    v2 = v1.view(torch.int32)
    a3.zero_()
    v1.t_()
    return (v1, v2, a1)
