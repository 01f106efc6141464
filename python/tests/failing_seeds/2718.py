# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2718).report())'
# Shrink: cd python/tests && python minimize.py 2718 --write
#
# seed 2718: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   notes: pytorch-raises-wrapc-equals-eager

import torch

# seed 2718 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(2718)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    a0 = t2
    return [a0], [l1]


def fn(a0):
    torch.set_grad_enabled(False)
    a0.zero_()
    v1 = a0.mul(a0)
    with torch.no_grad():
        v2 = v1[:1]
    return (v1,)
