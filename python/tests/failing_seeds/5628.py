# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5628).report())'
# Shrink: cd python/tests && python minimize.py 5628 --write
#
# seed 5628: 2 unexplained difference(s)
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'ExpandBackward0'
#       want 'NoneType'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[2]:
#       got 'ExpandBackward0'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 5628 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(5628)
    t1 = torch.randn((1, 4, 3), generator=g, dtype=torch.float32)
    t2 = t1.expand(2, 4, 3)
    l3 = torch.randn((3,), generator=g, dtype=torch.float64).requires_grad_()
    t4 = l3[:2]
    t5 = l3[2:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    v1 = a2.expand(3)
    a0.as_strided_((3,), (1,), 7)
    torch.set_grad_enabled(False)
    a2.mul_(0.5)
    v2 = a0.narrow(0, 2, 1)
    v3 = a1[0]
    return (v3, v2, v1, a0)
