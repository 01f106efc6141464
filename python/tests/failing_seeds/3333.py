# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3333).report())'
# Shrink: cd python/tests && python minimize.py 3333 --write
#
# seed 3333: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'AsStridedBackward1'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'AsStridedBackward1'
#   direct call 1: grads differs from eager and from PyTorch:
#       wrapc vs eager: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [1] but expected shape compatible with [3, 2]
#       want [None, tensor([[0.0000, 0.0000],
#           [0.4963, 0.0000],
#           [0.0000, 0.0000]])]
#       wrapc vs PyTorch: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [1] but expected shape compatible with [3, 2]
#       want [None, tensor([[0.0000, 0.0000],
#           [0.4963, 0.0000],
#           [0.0000, 0.0000]])]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 3333 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3333)
    l1 = torch.randn((4, 2), generator=g, dtype=torch.float32).requires_grad_()
    l2 = torch.randn((3, 2), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    a0 = l1
    a1 = l1
    a2 = t3
    return [a0, a1, a2], [l1, l2]


def fn(a0, a1, a2):
    v1 = a0.narrow(1, 0, 2)
    v2 = a1.permute(1, 0)
    v3 = v2.sin()
    v4 = a0.expand(4, 2)
    v5 = v1.detach()
    torch.set_grad_enabled(True)
    a2.as_strided_((1,), (1,), 2)
    return (a2,)
