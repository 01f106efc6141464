# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5810).report())'
# Shrink: cd python/tests && python minimize.py 5810 --write
#
# seed 5810: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas

import torch

# seed 5810 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5810)
    l1 = torch.randn((1, 1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((6,), generator=g, dtype=torch.float32)
    t4 = t3[1:]
    a0 = t2
    a1 = t4
    a2 = t3
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a1.view(torch.int32)
    v2 = a0.expand(2, 2, 2, 5)
    v3 = a0.transpose(2, 0)
    with torch.enable_grad():
        v1.sub_(v1)
    v1.unsqueeze_(0)
    v4 = a0.transpose(2, 1)
    return v2
