# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7783).report())'
# Shrink: cd python/tests && python minimize.py 7783 --write
#
# seed 7783: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-0.5044037103652954]
#       want [-1.5]
#       wrapc vs PyTorch: got [-0.5044037103652954]
#       want [-1.5]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-0.5044037103652954]
#       want [-1.5]
#       wrapc vs PyTorch: got [-0.5044037103652954]
#       want [-1.5]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 7783 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7783)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    l3 = torch.randn((2, 1), generator=g, dtype=torch.float32).requires_grad_()
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4[1:]
    a0 = t2
    a1 = l3
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], [l3]


def fn(a0, a1, a2, a3):
    v1 = a2.view(6, 1)
    v2 = v1.view(torch.int32)
    a2.mul_(0.5)
    v2.add_(1)
    a0.fill_(-1.5)
    v3 = a0[0]
    return (v1, v3)
