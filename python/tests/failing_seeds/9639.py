# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9639).report())'
# Shrink: cd python/tests && python minimize.py 9639 --write
#
# seed 9639: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[4, 3, 3]]
#       want [[3, 3, 3]]
#       wrapc vs PyTorch: got [[4, 3, 3]]
#       want [[3, 3, 3]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int64, (3,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.int64, (3,), (1,), 1, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int64, (3,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.int64, (3,), (1,), 1, False, True, (2, 3), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[4, 3, 3]]
#       want [[3, 3, 3]]
#       wrapc vs PyTorch: got [[4, 3, 3]]
#       want [[3, 3, 3]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int64, (3,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.int64, (3,), (1,), 1, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int64, (3,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.int64, (3,), (1,), 1, False, True, (2, 3), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 9639 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9639)
    t1 = torch.randn((3, 4), generator=g, dtype=torch.float32)
    t2 = t1[0]
    t3 = t1[:, 1]
    t4 = torch.randint(-5, 6, (4,), generator=g, dtype=torch.int64)
    t5 = t4[1:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t5
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    with torch.enable_grad():
        v1 = a1.as_strided((3,), (3,), 4)
    v2 = a2.sub(-1)
    a0.zero_()
    with torch.enable_grad():
        v3 = a2.expand(3)
        a0.sub_(a0)
        a1.as_strided_((2,), (3,), 4)
    with torch.no_grad():
        a1.t_()
        a0.mul_(-1.5)
    v4 = a2.t()
    a0.add_(2.0)
    v3.fill_(3)
    return (v4,)
