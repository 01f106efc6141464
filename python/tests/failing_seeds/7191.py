# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7191).report())'
# Shrink: cd python/tests && python minimize.py 7191 --write
#
# seed 7191: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 7191 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7191)
    l1 = torch.randn((5, 4, 4, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    t3 = torch.randn((1, 4), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(False)
    with torch.no_grad():
        a1.mul_(a1)
    a0.mul_(a0)
    a0.copy_(a0)
    v1 = a0.mul(0.5)
    v1.sub_(a0)
    v2 = a1.view(1, 2, 2)
    return a1
