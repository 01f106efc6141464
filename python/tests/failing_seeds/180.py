# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(180).report())'
# Shrink: cd python/tests && python minimize.py 180 --write
#
# seed 180: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), 0)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0, 1), 0)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 180 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(180)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(180)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a0.detach()
    v2 = v1.view(torch.int32)
    a0.mul_(0.5)
    v3 = a0[:]
    return (v2, v3, v1)


# Shrunk (python minimize.py 180):
#
# seed 180: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 1, False, True, (0,), None)
# import torch
#
# # seed 180 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(180)
#     t1 = torch.randn((5,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
#     a0 = t2
#     return [a0], []
#
#
# def fn(a0):
#     v1 = a0.detach()
#     return (v1,)
#
