# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6976).report())'
# Shrink: cd python/tests && python minimize.py 6976 --write
#
# seed 6976: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'SubBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'SubBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'SubBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'SubBackward0'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 6976 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6976)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t4 = t3[:3]
    t5 = t3[1:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6976)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t4 = t3[:3]
    t5 = t3[1:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]



def fn(a0, a1, a2):
    v1 = a1.sin()
    with torch.no_grad():
        a0.mul_(a0)
        a1.add_(a1)
    v2 = a2.contiguous()
    v3 = a0[:, 1:]
    v5 = a2[:3]
    a0.sub_(3.0)
    return (a0, a0, a2)
