# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4572).report())'
# Shrink: cd python/tests && python minimize.py 4572 --write
#
# seed 4572: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[[0.5, -1.1971346139907837, 0.5]]]]
#       want [[[[0.5, 0.5, 0.5]]]]
#       wrapc vs PyTorch: got [[[[0.5, -1.1971346139907837, 0.5]]]]
#       want [[[[0.5, 0.5, 0.5]]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 1), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 2), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 1), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 2), 0, False, True, (0, 1), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[[0.5, -1.1971346139907837, 0.5]]]]
#       want [[[[0.5, 0.5, 0.5]]]]
#       wrapc vs PyTorch: got [[[[0.5, -1.1971346139907837, 0.5]]]]
#       want [[[[0.5, 0.5, 0.5]]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 1), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 2), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 1), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 3), (1, 1, 2), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 4572 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4572)
    t1 = torch.randn((6, 1), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    l3 = torch.randn((1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3.expand(3, 5)
    t5 = torch.randn((9,), generator=g, dtype=torch.float32)
    t6 = t5[1:]
    a0 = t2
    a1 = t2
    a2 = t4
    a3 = t5
    a4 = t6
    return [a0, a1, a2, a3, a4], [l3]


def fn(a0, a1, a2, a3, a4):
    a0.fill_(0.5)
    a3.add_(a3)
    v1 = a0.reshape(3, 1, 1)
    v1.transpose_(0, 2)
    v2 = a2.reshape(-1)
    return (v2, v1)
