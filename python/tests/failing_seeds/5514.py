# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5514).report())'
# Shrink: cd python/tests && python minimize.py 5514 --write
#
# seed 5514: 2 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 5514 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5514)
    l1 = torch.randn((9,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    t4 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t5 = t4[:3]
    t6 = t4[0:]
    a0 = t3
    a1 = t2
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a3.mul(a3)
    a0.sub_(a0)
    v2 = a0.narrow(0, 3, 3)
    v3 = a2.sum()
    v4 = v2.unsqueeze(0)
    return (a0, a2, v2)
