# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2896).report())'
# Shrink: cd python/tests && python minimize.py 2896 --write
#
# seed 2896: 2 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), 2)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), 2)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), 2)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), 2)
#       want ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (1, 2), None)
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 2896 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(2896)
    t1 = torch.randn((2, 2, 3, 2), generator=g, dtype=torch.float32)
    t2 = torch.randn((6,), generator=g, dtype=torch.float32)
    t3 = t2[1:]
    a0 = t1
    a1 = t3
    a2 = t2
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    a0.mul_(a0)
    v1 = a2.view(torch.int32)
    v2 = a0.neg()
    a0.mul_(v2)
    v1.mul_(-1)
    v3 = v1.view(torch.float32)
    return (v2, v3, a2)
