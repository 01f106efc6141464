# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(416).report())'
# Shrink: cd python/tests && python minimize.py 416 --write
#
# seed 416: 14 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'AliasBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 0.49625658988952637]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.0]
#       want None
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AliasBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AliasBackward0'
#       want 'NoneType'
#   dynamo call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (1, 2), None)
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AliasBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AliasBackward0'
#       want 'NoneType'
#   dynamo call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#   dynamo call 3: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 3, True, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (1,), 3, True, False, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 3, True, True, (1, 2), None)
#   dynamo call 3: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   dynamo call 3: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.49625658988952637, 0.7682217955589294]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.49625658988952637, 0.7682217955589294]
#       want None
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: outputs

import torch

# seed 416 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(416)
    t1 = torch.randn((8,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:3]
    t6 = t4[3:]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l3]

def make_grown_inputs():
    g = torch.Generator().manual_seed(416)
    t1 = torch.randn((9,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:3]
    t6 = t4[3:]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l3]



def fn(a0, a1, a2):
    v1 = a2[:]
    v2 = a2.neg()
    torch.set_grad_enabled(True)
    v3 = v1.sum(0)
    a0.fill_(1.25)
    v4 = a1.squeeze()
    return (v1, v3)


# Shrunk (python minimize.py 416):
#
# seed 416: 3 unexplained difference(s)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, True, True, (0,), None)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AliasBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AliasBackward0'
#       want 'NoneType'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.49625658988952637]
#       want None
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled
# import torch
#
# # seed 416 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(416)
#     l3 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
#     t4 = l3 * 1
#     t6 = t4[3:]
#     a2 = t6
#     return [a2], [l3]
#
#
# def fn(a2):
#     v1 = a2[:]
#     torch.set_grad_enabled(True)
#     return (v1,)
#
