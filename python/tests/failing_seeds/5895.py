# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5895).report())'
# Shrink: cd python/tests && python minimize.py 5895 --write
#
# seed 5895: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.31458956003189087]]
#       want [[1.7046228647232056]]
#       wrapc vs PyTorch: got [[0.31458956003189087]]
#       want [[1.7046228647232056]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (3,), 3)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (3,), 3)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (3,), 3)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.31458956003189087]]
#       want [[1.7046228647232056]]
#       wrapc vs PyTorch: got [[0.31458956003189087]]
#       want [[1.7046228647232056]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (3,), 3)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (3,), 3)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (3,), 3)
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: version_deltas

import torch

# seed 5895 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(5895)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[:3]
    t3 = t1[1:]
    t4 = torch.randn((5,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 2, (1,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 3, (1,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a2[0]
    a2.unsqueeze_(-2)
    v2 = a3[:]
    with torch.no_grad():
        v2.add_(-1.5)
        v3 = a3.unsqueeze(1)
    v4 = a3.add(0.5)
    with torch.no_grad():
        a2.set_(a3)
    v3.t_()
    with torch.no_grad():
        a0.mul_(v1)
        v2.mul_(v4)
    return v2
