# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4995).report())'
# Shrink: cd python/tests && python minimize.py 4995 --write
#
# seed 4995: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.0, 0.7682217955589294]
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.7682217955589294]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.0, 0.7682217955589294]
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.7682217955589294]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 4995 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4995)
    l1 = torch.randn((5,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[3:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(False)
    a1.as_strided_((2,), (2,), 2)
    return (a1,)
