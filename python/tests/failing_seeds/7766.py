# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7766).report())'
# Shrink: cd python/tests && python minimize.py 7766 --write
#
# seed 7766: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 7766 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7766)
    l1 = torch.randn((2, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(1, 0)
    l3 = torch.randn((8,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[::2]
    a0 = t2
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1, l3]


def fn(a0, a1, a2):
    v1 = a2.mul(a2)
    v2 = a2[2:6]
    v3 = a1.add(a1)
    v4 = a1[1:2:2]
    a1.t_()
    v2.mul_(3.0)
    v5 = v4.view(1, 1)
    return (a1, v5)
