# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9994).report())'
# Shrink: cd python/tests && python minimize.py 9994 --write
#
# seed 9994: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns

import torch

# seed 9994 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9994)
    t1 = torch.randint(-5, 6, (2, 2, 3), generator=g, dtype=torch.int64)
    l2 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[0]
    t5 = t3[:, 0]
    a0 = t1
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    a2.fill_(0.5)
    v1 = a2[1:]
    v2 = v1.flatten()
    with torch.no_grad():
        v3 = a1.mul(0.5)
    v4 = v2.reshape(-1)
    v5 = v2.mul(0.5)
    return (v3, v1, v5)
