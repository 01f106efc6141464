# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(369).report())'
# Shrink: cd python/tests && python minimize.py 369 --write
#
# seed 369: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, False, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, False, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, True, (0, 1), 1)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'MulBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: values

import torch

# seed 369 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(369)
    l1 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(False)
    a0.mul_(a0)
    return (a1, a0)


# Shrunk (python minimize.py 369):
#
# seed 369: 6 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, False, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, False, (0, 1), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, False, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (11,), (1,), 1, True, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, True, False, (0, 1), None)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064]
#   notes: wrapc-equals-eager-where-pytorch-differs: values
# import torch
#
# # seed 369 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(369)
#     l1 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     t3 = t2[1:]
#     a0 = t3
#     a1 = t2
#     return [a0, a1], [l1]
#
#
# def fn(a0, a1):
#     a0.mul_(a0)
#     return (a0,)
#
