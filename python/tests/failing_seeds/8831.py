# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8831).report())'
# Shrink: cd python/tests && python minimize.py 8831 --write
#
# seed 8831: 2 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, False, (0,), 0)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.7682217955589294]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.7682217955589294]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 8831 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8831)
    l1 = torch.randn((1, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = torch.randn((6,), generator=g, dtype=torch.float32)
    t3 = t2[:6]
    t4 = t2[0:]
    a0 = l1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a1.mul_(-1.5)
    torch.set_grad_enabled(True)
    v1 = a2.expand(6)
    v1.add_(v1)
    return (v1, a0, a2, a1)
