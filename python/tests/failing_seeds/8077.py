# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8077).report())'
# Shrink: cd python/tests && python minimize.py 8077 --write
#
# seed 8077: 4 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 8077 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8077)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[0:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.reshape(-1)
    v2 = a0.sin()
    v3 = a0.add(v1)
    v1.copy_(a1)
    v5 = a0.narrow(0, 0, 1)
    v6 = a1.reshape(3, 1)
    torch.set_grad_enabled(False)
    v7 = v5.view(torch.int32)
    return (a0, v6)
