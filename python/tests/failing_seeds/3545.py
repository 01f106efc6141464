# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3545).report())'
# Shrink: cd python/tests && python minimize.py 3545 --write
#
# seed 3545: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'TBackward0'
#   notes: wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 3545 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3545)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[0:]
    l4 = torch.randn((1, 2), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]

def make_grown_inputs():
    g = torch.Generator().manual_seed(3545)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[0:]
    l4 = torch.randn((1, 3), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]



def fn(a0, a1, a2):
    v1 = a0.flatten()
    v1.add_(a0)
    v2 = a2.t()
    return (v1, v2)
