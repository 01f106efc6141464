# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(338).report())'
# Shrink: cd python/tests && python minimize.py 338 --write
#
# seed 338: 5 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   dynamo call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   dynamo call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   dynamo call 3: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0,), None)

import torch

# seed 338 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(338)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(338)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []



def fn(a0):
    v1 = a0.squeeze()
    v2 = a0.detach()
    torch.set_grad_enabled(True)
    v3 = v2.add(v2)
    v4 = a0.as_strided((3,), (1,), 0)
    return (v1, v2)


# Shrunk (python minimize.py 338):
#
# seed 338: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (0,), None)
# import torch
#
# # seed 338 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(338)
#     t1 = torch.randn((3,), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     v2 = a0.detach()
#     return (v2,)
#
