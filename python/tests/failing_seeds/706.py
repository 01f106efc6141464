# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(706).report())'
# Shrink: cd python/tests && python minimize.py 706 --write
#
# seed 706: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   notes: pytorch-raises-wrapc-equals-eager

import torch

# seed 706 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(706)
    l1 = torch.randn((7,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:3]
    t3 = l1[3:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(False)
    v1 = a0.sin()
    a0.mul_(v1)
    return (v1, a1, a0)
