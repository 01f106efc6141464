# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4619).report())'
# Shrink: cd python/tests && python minimize.py 4619 --write
#
# seed 4619: 8 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-1.7537968158721924]
#       want [0.06440278142690659]
#       wrapc vs PyTorch: got [-1.7537968158721924]
#       want [0.06440278142690659]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-1.7537968158721924]
#       want [0.06440278142690659]
#       wrapc vs PyTorch: got [-1.7537968158721924]
#       want [0.06440278142690659]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#   dynamo call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-1.7537968158721924]
#       want [0.06440278142690659]
#       wrapc vs PyTorch: got [-1.7537968158721924]
#       want [0.06440278142690659]
#   dynamo call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#   dynamo call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [-1.7537968158721924]
#       want [0.06440278142690659]
#       wrapc vs PyTorch: got [-1.7537968158721924]
#       want [0.06440278142690659]
#   dynamo call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 3, False, True, (2, 3), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 4619 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4619)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[1:]
    t4 = torch.randn((5,), generator=g, dtype=torch.float32)
    t5 = t4[:2]
    t6 = t4[2:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        v1 = a1.mul(a0)
        a0.copy_(a0)
        v2 = a3.add(a3)
    v3 = a3[1]
    a3.mul_(0.5)
    v4 = a3.add(2.0)
    a3.copy_(v2)
    return (v2, v3)
