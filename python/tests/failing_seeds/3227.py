# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3227).report())'
# Shrink: cd python/tests && python minimize.py 3227 --write
#
# seed 3227: 8 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#   dynamo call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (2,), (2,), 1, False, True, (0, 1), None)
#   dynamo call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 3227 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3227)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1.view(2, 2)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    a1.fill_(0.5)
    with torch.enable_grad():
        v1 = a0.detach()
        a1.mul_(1.25)
    v2 = a1.as_strided((1,), (3,), 3)
    v3 = v1.as_strided((2,), (2,), 1)
    return (v3, v1)
