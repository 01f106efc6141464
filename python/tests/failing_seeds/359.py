# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(359).report())'
# Shrink: cd python/tests && python minimize.py 359 --write
#
# seed 359: 6 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, False, (0, 1), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'MulBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, True, False, (0, 1), None)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'MulBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 359 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(359)
    l1 = torch.randn((8,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(359)
    l1 = torch.randn((9,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    a1.copy_(a1)
    v1 = a0[1]
    v1.t_()
    return a0


# Shrunk (python minimize.py 359):
#
# seed 359: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (8,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas
# import torch
#
# # seed 359 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(359)
#     l1 = torch.randn((8,), generator=g, dtype=torch.float32)
#     t2 = l1 * 1
#     t3 = t2[1:]
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.copy_(a1)
#     return (a0,)
#
