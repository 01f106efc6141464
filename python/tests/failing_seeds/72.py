# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(72).report())'
# Shrink: cd python/tests && python minimize.py 72 --write
#
# seed 72: 4 unexplained difference(s)
#   direct call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#       wrapc vs PyTorch: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1, 2), None)
#   direct call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#       wrapc vs PyTorch: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1, 2), None)
#   notes: dynamo-refused

import torch

# seed 72 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(72)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    t3 = torch.randn((5,), generator=g, dtype=torch.float32)
    t4 = t3[:5]
    t5 = t3[3:]
    a0 = t1
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a2.set_(a0)
    v1 = a3.mul(a3)
    return (v1, a1, a2)


# Shrunk (python minimize.py 72):
#
# seed 72: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#       wrapc vs PyTorch: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#       wrapc vs PyTorch: got [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496]]
#       want [[-1.0001130104064941, -0.725040853023529, -0.35596272349357605, -0.27057281136512756, 2.150343894958496, 0.4778570830821991]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), None)
#   notes: dynamo-refused
# import torch
#
# # seed 72 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(72)
#     t1 = torch.randn((6,), generator=g, dtype=torch.float32)
#     t3 = torch.randn((5,), generator=g, dtype=torch.float32)
#     t4 = t3[:5]
#     a0 = t1
#     a2 = t4
#     return [a0, a2], []
#
#
# def fn(a0, a2):
#     a2.set_(a0)
#     return (a2,)
#
