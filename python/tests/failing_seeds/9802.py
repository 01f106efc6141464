# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9802).report())'
# Shrink: cd python/tests && python minimize.py 9802 --write
#
# seed 9802: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 9802 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9802)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[1:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.add_(a0)
    with torch.enable_grad():
        a1.unsqueeze_(-1)
        v1 = a1[1:3]
    v2 = a0.add(a1)
    a1.squeeze_(1)
    v3 = v1.expand(2, 2)
    torch.set_grad_enabled(True)
    v4 = v3[1:]
    v5 = v1[1::2]
    return (v1, v5)
