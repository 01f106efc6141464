# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6635).report())'
# Shrink: cd python/tests && python minimize.py 6635 --write
#
# seed 6635: 4 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, True, (0, 1), None)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, True, (0, 1), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, True, (0, 1), None)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2,), (1,), 0, True, False, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, False, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, True, True, (0, 1), None)
#   notes: pytorch-differs-from-eager: grads, pytorch-differs-from-eager: values, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 6635 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6635)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.fill_(2.0)
    a0.fill_(3.0)
    v1 = a0.mul(0.5)
    v2 = a0.expand(2)
    v3 = a1.add(a1)
    v4 = v2.neg()
    return (v3, a0, a0)
