# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2384).report())'
# Shrink: cd python/tests && python minimize.py 2384 --write
#
# seed 2384: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   notes: wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 2384 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2384)
    l1 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0[0]
    v1.add_(v1)
    v2 = v1.clone()
    v3 = v1.unsqueeze(0)
    v4 = v3.mul(1.25)
    return (v3,)
