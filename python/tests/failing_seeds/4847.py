# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4847).report())'
# Shrink: cd python/tests && python minimize.py 4847 --write
#
# seed 4847: 3 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2, 5), (1, 10, 2), 0, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2, 5), (1, 10, 2), 0, True, False, (0,), None)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'ExpandBackward0'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got None
#       want [0.49625658988952637, 0.3488934636116028, 0.7682217955589294, 0.40171730518341064, 0.08847743272781372, 0.022325754165649414, 0.13203048706054688, 0.16885894536972046, 0.30742281675338745, 0.2938884496688843, 0.6340786814689636, 0.518521785736084, 0.4900934100151062, 0.6976675987243652, 0.8964447379...
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 4847 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4847)
    l1 = torch.randn((2, 5, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(2, 1, 0)
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.mul(a0)
    a0.mul_(-1.5)
    torch.set_grad_enabled(True)
    v2 = a0.sin()
    v3 = a0.diagonal()
    v5 = a0.permute(0, 2, 1)
    v6 = v5.expand(2, 2, 5)
    return (v6, v1)
