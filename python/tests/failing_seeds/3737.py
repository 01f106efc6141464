# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3737).report())'
# Shrink: cd python/tests && python minimize.py 3737 --write
#
# seed 3737: 3 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, True, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, True, False, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, True, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, True, False, (1, 2), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'SliceBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294]
#       want [0.49625658988952637, 0.0, 0.7682217955589294]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294]
#       want [0.49625658988952637, 0.0, 0.7682217955589294]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 3737 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3737)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3[:2]
    t5 = l3[2:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    torch.set_grad_enabled(True)
    v1 = a1.view(-1)
    v3 = a2.flatten()
    v4 = a1[:1]
    v6 = v1[:1:2]
    v7 = a0.permute(0)
    v8 = v1.sum(0)
    return (v4, v3)
