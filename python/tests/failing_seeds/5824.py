# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5824).report())'
# Shrink: cd python/tests && python minimize.py 5824 --write
#
# seed 5824: 2 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'FillBackward2'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'CopyBackwards'
#   direct call 1: grads differs from eager and from PyTorch:
#       wrapc vs eager: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [4, 2, 2] but expected shape compatible with [2, 2, 4]
#       want [tensor([[[0., 0., 0., 0.],
#            [0., 0., 0., 0.]],
#   
#           [[0., 0., 0., 0.],
#            [0., 0., 0., 0.]]])]
#       wrapc vs PyTorch: got backward raised RuntimeError: Function MulBackward0 returned an invalid gradient at index 0 - got [4, 2, 2] but expected shape compatible with [2, 2, 4]
#       want [tensor([[[0., 0., 0., 0.],
#            [0., 0., 0., 0.]],
#   
#           [[0., 0., 0., 0.],
#            [0., 0., 0., 0.]]])]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs

import torch

# seed 5824 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(5824)
    l1 = torch.randn((2, 2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.mul(a0)
    torch.set_grad_enabled(True)
    a0.transpose_(2, 0)
    a0.fill_(1.25)
    v2 = a0.sin()
    return (v1, v2, a0)
