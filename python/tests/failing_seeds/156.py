# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(156).report())'
# Shrink: cd python/tests && python minimize.py 156 --write
#
# seed 156: 8 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0, 1), None)

import torch

# seed 156 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(156)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[4:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    a0.copy_(a0)
    v1 = a1.view(torch.int32)
    v2 = v1.relu()
    torch.set_grad_enabled(True)
    return (v1,)


# Shrunk (python minimize.py 156):
#
# seed 156: 8 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1090488464]]
#       want [[1069059161]]
#       wrapc vs PyTorch: got [[-1090488464]]
#       want [[1069059161]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (1,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (1,), (1,), 4, False, True, (0,), None)
# import torch
#
# # seed 156 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(156)
#     t1 = torch.randn((5,), generator=g, dtype=torch.float32)
#     t3 = t1[4:]
#     a1 = t3
#     return [a1], []
#
#
# def fn(a1):
#     a1.mul_(a1)
#     v1 = a1.view(torch.int32)
#     return (v1,)
#
