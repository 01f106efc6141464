# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(293).report())'
# Shrink: cd python/tests && python minimize.py 293 --write
#
# seed 293: 9 unexplained difference(s)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'ViewBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#       wrapc vs PyTorch: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'ViewBackward0'
#   dynamo call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#       wrapc vs PyTorch: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2, 4, 1), (4, 1, 1), 0, True, False, (0, 1), 0)
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'ViewBackward0'
#   dynamo call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#       wrapc vs PyTorch: got [-0.455627977848053, -0.6323062777519226, -0.3488934636116028, -0.40171730518341064, -0.022325754165649414, -0.16885894536972046, -0.2938884496688843, -0.518521785736084]
#       want [0.04062861204147339, 0.13591551780700684, -0.26041603088378906, -0.26968681812286377, 0.28509706258773804, 0.46521973609924316, 0.19620496034622192, 0.3779229521751404]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 293 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(293)
    l1 = torch.randn((2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.copy_(a0)
    v1 = a1.view(2, 4, 1)
    v2 = v1.neg()
    v3 = v2.relu()
    torch.set_grad_enabled(False)
    return (v1, v2)


# Shrunk (python minimize.py 293):
#
# seed 293: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_fns
# import torch
#
# # seed 293 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True
#
# def make_inputs():
#     g = torch.Generator().manual_seed(293)
#     l1 = torch.randn((2, 4), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     a1 = t2
#     return [a1], [l1]
#
#
# def fn(a1):
#     v1 = a1.view(2, 4, 1)
#     v2 = v1.neg()
#     return (v1, v2)
#
