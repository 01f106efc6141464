# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3520).report())'
# Shrink: cd python/tests && python minimize.py 3520 --write
#
# seed 3520: 2 unexplained difference(s)
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
#   notes: wrapc-equals-eager-where-pytorch-differs: grads

import torch

# seed 3520 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3520)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[2:]
    t5 = torch.randn((12,), generator=g, dtype=torch.float32)
    t6 = t5.view(4, 3)
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a0.mul_(a1)
    a2.mul_(3.0)
    v1 = a0.add(0.5)
    v2 = a0[::2]
    return (v2,)
