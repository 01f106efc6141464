# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9192).report())'
# Shrink: cd python/tests && python minimize.py 9192 --write
#
# seed 9192: 3 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 3), (4, 0), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (4, 0), 0, True, False, (0,), 0)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 3), (4, 0), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 3), (4, 0), 0, True, False, (0,), 0)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [1.3529558181762695]
#       wrapc vs PyTorch: got None
#       want [1.3529558181762695]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 9192 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9192)
    l1 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    a0 = l1
    return [a0], [l1]


def fn(a0):
    torch.set_grad_enabled(True)
    v1 = a0.as_strided((1, 3), (4, 0), 0)
    v2 = a0.sub(-1.5)
    v3 = a0.view(torch.int32)
    v4 = v3.sin()
    v5 = v1.clone()
    return (v4, v1)
