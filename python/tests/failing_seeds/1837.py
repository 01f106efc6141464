# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1837).report())'
# Shrink: cd python/tests && python minimize.py 1837 --write
#
# seed 1837: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]
#       want [[[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]]]
#       wrapc vs PyTorch: got [[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]
#       want [[[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 12), (1, 1), 0, False, True, (0, 1), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]
#       want [[[3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0], [3.0, 3.0, 3.0, 3.0]]]
#       wrapc vs PyTorch: got [[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]
#       want [[[3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0, 3.0]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (3, 4), (4, 1), 0, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 12), (1, 1), 0, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 1837 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1837)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1.view(3, 4)
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    torch.set_grad_enabled(False)
    a0.mul_(-1.5)
    a1.sub_(a1)
    a1.add_(a1)
    v1 = a0.clone()
    a1.unsqueeze_(1)
    a0.fill_(3.0)
    a1.t_()
    return (v1, a0)
