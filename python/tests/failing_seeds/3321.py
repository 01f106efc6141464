# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3321).report())'
# Shrink: cd python/tests && python minimize.py 3321 --write
#
# seed 3321: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ReshapeAliasBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ReshapeAliasBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3321 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3321)
    t1 = torch.randn((2, 1, 2), generator=g, dtype=torch.float32)
    l2 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    l4 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[0]
    t7 = t5[:, 2]
    a0 = t1
    a1 = t3
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l2, l4]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a2.set_(a3)
    a3.unsqueeze_(1)
    with torch.no_grad():
        a2.set_(a1)
    a2.squeeze_(0)
    with torch.enable_grad():
        v1 = a1.unsqueeze(0)
        v2 = a3.flatten()
        a0.fill_(0.5)
    v3 = a2.add(a2)
    v4 = v3[3::2]
    return (v2, a1, v3)
