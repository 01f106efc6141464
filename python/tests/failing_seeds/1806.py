# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1806).report())'
# Shrink: cd python/tests && python minimize.py 1806 --write
#
# seed 1806: 3 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0,), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, True, False, (0,), 0)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'TBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226]
#       want [1.1303353309631348, 1.2583152055740356, 0.9849221706390381, 0.5876584649085999, 0.9397290945053101]
#       wrapc vs PyTorch: got [0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226]
#       want [1.1303353309631348, 1.2583152055740356, 0.9849221706390381, 0.5876584649085999, 0.9397290945053101]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 1806 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1806)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.clone()
    torch.set_grad_enabled(True)
    v2 = a0.t()
    return (v1, v2, a0)
