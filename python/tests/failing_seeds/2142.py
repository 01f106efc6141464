# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2142).report())'
# Shrink: cd python/tests && python minimize.py 2142 --write
#
# seed 2142: 2 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, True, False, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, True, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, True, False, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, True, True, (0,), 0)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'NoneType'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads

import torch

# seed 2142 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2142)
    l1 = torch.randn((1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = torch.randn((3,), generator=g, dtype=torch.float32)
    t3 = t2.view(1, 3)
    a0 = l1
    a1 = t2
    a2 = t3
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a0.sum()
    torch.set_grad_enabled(False)
    v1.mul_(v1)
    a2.add_(-1.5)
    torch.set_grad_enabled(False)
    return (a0, v1, a2)
