# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2022).report())'
# Shrink: cd python/tests && python minimize.py 2022 --write
#
# seed 2022: 2 unexplained difference(s)
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
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2022 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2022)
    l1 = torch.randn((3, 5, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    a0.mul_(1.25)
    v1 = a0.to(torch.int64)
    v2 = a0.add(2.0)
    v3 = a0[:, :, 2:]
    with torch.enable_grad():
        v4 = a0.relu()
        v5 = a0.expand(3, 5, 4)
        v6 = v2.relu()
    v5.as_strided_((3,), (1,), 9)
    v7 = v3.view(torch.int32)
    v5.t_()
    return v5
