# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1583).report())'
# Shrink: cd python/tests && python minimize.py 1583 --write
#
# seed 1583: 3 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, True, False, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 1, True, False, (0, 1), 1)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AliasBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'AliasBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.0, 0.49625658988952637, 0.7682217955589294]
#       wrapc vs PyTorch: got None
#       want [0.0, 0.49625658988952637, 0.7682217955589294]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 1583 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1583)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.mul(a1)
    torch.set_grad_enabled(True)
    v2 = a0[:]
    v3 = a1.mul(a1)
    return (v1, v2)
