# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1578).report())'
# Shrink: cd python/tests && python minimize.py 1578 --write
#
# seed 1578: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#       wrapc vs PyTorch: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#       wrapc vs PyTorch: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 1578 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1578)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t2
    return [a0], []


def fn(a0):
    torch.set_grad_enabled(False)
    a0.squeeze_(0)
    with torch.no_grad():
        v1 = a0.reshape(3, 1)
        a0.copy_(a0)
    v1.unsqueeze_(1)
    v1.mul_(v1)
    torch.set_grad_enabled(True)
    v2 = a0.unsqueeze(0)
    v3 = v1.unsqueeze(0)
    return (v2,)


# Shrunk (python minimize.py 1578):
#
# seed 1578: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#       wrapc vs PyTorch: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#       wrapc vs PyTorch: got [[[0.09485763311386108, 0.9600982069969177, 0.0005326406680978835]]]
#       want [[[0.9600982069969177, 0.0005326406680978835, 0.030565034598112106]]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (3, 1), 1, False, True, (0,), None)
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: version_deltas
# import torch
#
# # seed 1578 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(1578)
#     t1 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t2 = t1[1:]
#     a0 = t2
#     return [a0], []
#
#
# def fn(a0):
#     torch.set_grad_enabled(False)
#     a0.squeeze_(0)
#     with torch.no_grad():
#         v1 = a0.reshape(3, 1)
#         a0.copy_(a0)
#     v1.unsqueeze_(1)
#     v1.mul_(v1)
#     torch.set_grad_enabled(True)
#     v2 = a0.unsqueeze(0)
#     v3 = v1.unsqueeze(0)
#     return (v2,)
