# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(235).report())'
# Shrink: cd python/tests && python minimize.py 235 --write
#
# seed 235: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 235 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(235)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[2:]
    t5 = torch.randn((6,), generator=g, dtype=torch.float32)
    t6 = t5[1:]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        v1 = a3.squeeze()
        a2.unsqueeze_(0)
        v2 = a3.sum()
    a2.copy_(a2)
    v1.unsqueeze_(1)
    a2.zero_()
    a0.squeeze_(0)
    a2.t_()
    return (v2, a1, a3, v1)
