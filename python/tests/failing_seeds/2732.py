# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2732).report())'
# Shrink: cd python/tests && python minimize.py 2732 --write
#
# seed 2732: 4 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 2732 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2732)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[0:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.no_grad():
        a1.add_(2.0)
        a0.mul_(-1.5)
    v2 = a1.unsqueeze(1)
    return (a0, v2)
