# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6971).report())'
# Shrink: cd python/tests && python minimize.py 6971 --write
#
# seed 6971: 2 unexplained difference(s)
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
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 6971 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6971)
    t1 = torch.randn((3, 1), generator=g, dtype=torch.float32)
    t2 = t1.permute(1, 0)
    l3 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:6]
    t6 = t4[4:]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    with torch.no_grad():
        a2.fill_(3.0)
    a2.sub_(a2)
    a0.sub_(0.5)
    v2 = a2.narrow(0, 1, 1)
    return (v2, a1, a2)
