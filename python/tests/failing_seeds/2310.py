# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2310).report())'
# Shrink: cd python/tests && python minimize.py 2310 --write
#
# seed 2310: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'SqueezeBackward4'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'CopyBackwards'
#   direct call 1: grads differs from eager and from PyTorch:
#       wrapc vs eager: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [2, 3, 3] but expected shape compatible with [1, 2, 3, 3]
#       want [tensor([[[[0.4963, 0.7682, 0.0885],
#             [0.1320, 0.3074, 0.6341],
#             [0.4901, 0.8964, 0.4556]],
#   
#            [[0.6323, 0.3489, 0.4017],
#             [0.0223, 0.1689, 0.2939],
#             [0.5185, 0.6977, 0.8000]]]])]
#       wrapc vs PyTorch: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [2, 3, 3] but expected shape compatible with [1, 2, 3, 3]
#       want [tensor([[[[0., 0., 0.],
#             [0., 0., 0.],
#             [0., 0., 0.]],
#   
#            [[0., 0., 0.],
#             [0., 0., 0.],
#             [0., 0., 0.]]]])]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads

import torch

# seed 2310 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2310)
    l1 = torch.randn((1, 2, 3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    a0.zero_()
    v1 = a0[:, 1:]
    torch.set_grad_enabled(True)
    a0.squeeze_(0)
    return (a0,)
