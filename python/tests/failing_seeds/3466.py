# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3466).report())'
# Shrink: cd python/tests && python minimize.py 3466 --write
#
# seed 3466: 2 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 3466 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(3466)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[0]
    t4 = t2[:, 1]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(True)
    a1.mul_(1.25)
    a1.unsqueeze_(-1)
    return (a0, a1)
