# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(462).report())'
# Shrink: cd python/tests && python minimize.py 462 --write
#
# seed 462: 3 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3, 1, 1), (0, 1, 1), 2, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 1), (0, 1, 1), 2, True, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3, 1, 1), (0, 1, 1), 2, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 1, 1), (0, 1, 1), 2, True, True, (0,), None)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 1.3529558181762695, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 1.3529558181762695, 0.0]
#       want None
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 462 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(462)
    l1 = torch.randn((1, 4, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.expand(3, 4, 1)
    t3 = torch.randn((8,), generator=g, dtype=torch.float64)
    t4 = t3[1:]
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a2.zero_()
    torch.set_grad_enabled(False)
    a2.mul_(2.0)
    v1 = a0[:, 2:3]
    return (a1, v1)
