# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9644).report())'
# Shrink: cd python/tests && python minimize.py 9644 --write
#
# seed 9644: 3 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0, 1), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'SqueezeBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'SqueezeBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 9644 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(9644)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(9644)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    torch.set_grad_enabled(True)
    v1 = a1.squeeze()
    return (v1,)
