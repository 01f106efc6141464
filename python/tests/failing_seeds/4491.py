# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4491).report())'
# Shrink: cd python/tests && python minimize.py 4491 --write
#
# seed 4491: 6 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0, 1), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053]
#       want [0.49625658988952637, 1.075644612312317, 0.7225561141967773, 0.6221238970756531, 0.8964447379112244]
#       wrapc vs PyTorch: got [0.0, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053]
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0, 1), None)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'MulBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053]
#       want [0.49625658988952637, 1.075644612312317, 0.7225561141967773, 0.6221238970756531, 0.8964447379112244]
#       wrapc vs PyTorch: got [0.0, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053]
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#   notes: pytorch-differs-from-eager: values, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 4491 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(4491)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[1:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.mul_(a0)
    a1.copy_(a1)
    return (a0, a1)
