# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(116).report())'
# Shrink: cd python/tests && python minimize.py 116 --write
#
# seed 116: 4 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (2,), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)

import torch

# seed 116 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(116)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (2,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(116)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (2,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a1[::2]
    v2 = a1.squeeze()
    v3 = v2.unsqueeze(0)
    v4 = v1.clone()
    with torch.enable_grad():
        v4.add_(v1)
        v5 = a0.view(torch.int32)
    return (v5, v1, v3)


# Shrunk (python minimize.py 116):
#
# seed 116: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 1, False, True, (0, 1), 1)
# import torch
#
# # seed 116 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(116)
#     t1 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (2,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v2 = a1.squeeze()
#     v3 = v2.unsqueeze(0)
#     return (v3,)
#
