# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(432).report())'
# Shrink: cd python/tests && python minimize.py 432 --write
#
# seed 432: 1 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'TransposeBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'TransposeBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 432 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(432)
    l1 = torch.randn((4, 5, 4), generator=g, dtype=torch.float32).requires_grad_()
    a0 = l1
    return [a0], [l1]


def fn(a0):
    v1 = a0[:]
    v2 = a0.transpose(1, 0)
    with torch.no_grad():
        v3 = v1.add(2.0)
        a0.sub_(-1.5)
    v3.add_(3.0)
    torch.set_grad_enabled(False)
    v4 = a0.sum(1)
    v2.mul_(v2)
    return (v4, v3, v2)


# Shrunk (python minimize.py 432):
#
# seed 432: 3 unexplained difference(s)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 4, 4), (4, 20, 1), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 4, 4), (4, 20, 1), 0, True, False, (0,), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 4, 4), (4, 20, 1), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5, 4, 4), (4, 20, 1), 0, True, False, (0,), 0)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'TransposeBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'TransposeBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.6976675987243652, 0.800011396408081, 0.16102945804595947, 0.28226858377456665, 0.17591017484664917, 0.2698335647583008, 0.15067976713180542, 0.03171950578689575, 0.2782524824142456, 0.48195880651474, 0.819780349731...
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.6976675987243652, 0.800011396408081, 0.16102945804595947, 0.28226858377456665, 0.17591017484664917, 0.2698335647583008, 0.15067976713180542, 0.03171950578689575, 0.2782524824142456, 0.48195880651474, 0.819780349731...
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled
# import torch
#
# # seed 432 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(432)
#     l1 = torch.randn((4, 5, 4), generator=g, dtype=torch.float32).requires_grad_()
#     a0 = l1
#     return [a0], [l1]
#
#
# def fn(a0):
#     v2 = a0.transpose(1, 0)
#     torch.set_grad_enabled(False)
#     return (v2,)
#
