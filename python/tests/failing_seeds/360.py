# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(360).report())'
# Shrink: cd python/tests && python minimize.py 360 --write
#
# seed 360: 2 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]

import torch

# seed 360 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(360)
    l1 = torch.randn((7,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[3:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.as_strided((3, 3, 1), (1, 1, 3), 0)
    return (v1,)


# Shrunk (python minimize.py 360):
#
# seed 360: 2 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.49625658988952637, 0.9002522826194763, 0.8859936594963074, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 1.530523419380188, 0.455627977848053, 0.0, 0.0]
# import torch
#
# # seed 360 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(360)
#     l1 = torch.randn((7,), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     t3 = t2[:3]
#     t4 = t2[3:]
#     a0 = t3
#     a1 = t4
#     return [a0, a1], [l1]
#
#
# def fn(a0, a1):
#     v1 = a1.as_strided((3, 3, 1), (1, 1, 3), 0)
#     return (v1,)
#
