# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3420).report())'
# Shrink: cd python/tests && python minimize.py 3420 --write
#
# seed 3420: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'CopyBackwards'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'CopyBackwards'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3420 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3420)
    l1 = torch.randn((8, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[::2]
    t3 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t4 = t3.permute(1, 0)
    l5 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    a0 = t2
    a1 = t4
    a2 = t6
    return [a0, a1, a2], [l1, l5]

def make_grown_inputs():
    g = torch.Generator().manual_seed(3420)
    l1 = torch.randn((9, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[::2]
    t3 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t4 = t3.permute(1, 0)
    l5 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    a0 = t2
    a1 = t4
    a2 = t6
    return [a0, a1, a2], [l1, l5]



def fn(a0, a1, a2):
    with torch.no_grad():
        a2.mul_(a2)
        a1.add_(-1.5)
    a1.add_(a1)
    v1 = a2.flatten()
    v1.t_()
    return (v1,)
