# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(223).report())'
# Shrink: cd python/tests && python minimize.py 223 --write
#
# seed 223: 5 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   dynamo call 3: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4, 1, 4, 1), (4, 4, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (4, 1, 4, 1), (4, 4, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4, 1, 4, 1), (4, 4, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (4, 1, 4, 1), (4, 4, 1, 1), 0, False, True, (0,), None)

import torch

# seed 223 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(223)
    t1 = torch.randn((3, 1, 3, 1), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 2), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t1
    a1 = l2
    return [a0, a1], [l2]

def make_grown_inputs():
    g = torch.Generator().manual_seed(223)
    t1 = torch.randn((4, 1, 4, 1), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 3), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t1
    a1 = l2
    return [a0, a1], [l2]



def fn(a0, a1):
    v1 = a1.t()
    v2 = a0.as_strided((3,), (1,), 3)
    v3 = v2.unsqueeze(0)
    v4 = a0.sin()
    v5 = a0.detach()
    v6 = v4.mul(v2)
    v7 = v3.clone()
    v8 = v1.mul(v7)
    return (v5, a1)


# Shrunk (python minimize.py 223):
#
# seed 223: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 3, 1), (3, 3, 1, 1), 0, False, True, (0,), None)
# import torch
#
# # seed 223 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(223)
#     t1 = torch.randn((3, 1, 3, 1), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     v5 = a0.detach()
#     return (v5,)
#
