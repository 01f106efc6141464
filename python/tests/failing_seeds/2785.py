# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2785).report())'
# Shrink: cd python/tests && python minimize.py 2785 --write
#
# seed 2785: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   notes: pytorch-raises-wrapc-equals-eager

import torch

# seed 2785 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2785)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[2:]
    t4 = torch.randn((5, 4), generator=g, dtype=torch.float32)
    t5 = t4.permute(1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    v1 = a2.detach()
    torch.set_grad_enabled(False)
    with torch.no_grad():
        a2.add_(1.25)
        a1.fill_(3.0)
    v2 = v1.t()
    return (a1, v2)
