# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4616).report())'
# Shrink: cd python/tests && python minimize.py 4616 --write
#
# seed 4616: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1.567833423614502]]]
#       want [[[0.0]]]
#       wrapc vs PyTorch: got [[[1.567833423614502]]]
#       want [[[0.0]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 1, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 1, False, True, (1,), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1.567833423614502]]]
#       want [[[0.0]]]
#       wrapc vs PyTorch: got [[[1.567833423614502]]]
#       want [[[0.0]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 1, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 1, False, True, (1,), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 4616 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(4616)
    l1 = torch.randn((1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = torch.randn((2,), generator=g, dtype=torch.float32)
    t3 = t2[1:]
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4.view(3, 2)
    a0 = l1
    a1 = t3
    a2 = t5
    a3 = t4
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a3.expand(3, 6)
    with torch.no_grad():
        v2 = v1.t()
        a1.zero_()
    v1.transpose_(0, 1)
    v3 = a1.reshape(1, 1)
    a1.mul_(3.0)
    a3.add_(3.0)
    with torch.no_grad():
        v3.mul_(v3)
        v4 = a0[:, :4]
        a1.mul_(a1)
    return (v1, v3, v4)
