# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2021).report())'
# Shrink: cd python/tests && python minimize.py 2021 --write
#
# seed 2021: 4 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#   dynamo call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (12,), (1,), 0, False, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 2021 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2021)
    t1 = torch.randn((12,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.detach()
    v2 = a1.expand(6)
    v3 = a0.expand(12)
    v4 = a0.unsqueeze(1)
    with torch.no_grad():
        v5 = v4.narrow(1, 0, 1)
    v2.fill_(-1.5)
    v7 = a1.expand(6)
    v8 = v4.t()
    return (v3, v1, v5)
