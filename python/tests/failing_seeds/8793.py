# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8793).report())'
# Shrink: cd python/tests && python minimize.py 8793 --write
#
# seed 8793: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   direct call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2
#   dynamo call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   dynamo call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2
#   dynamo call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   dynamo call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2

import torch

# seed 8793 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8793)
    l1 = torch.randn((6,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1[:5]
    t3 = l1[1:]
    t4 = torch.randn((1, 2, 4), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    with torch.no_grad():
        a0.fill_(0.5)
        a0.add_(0.5)
    with torch.no_grad():
        v1 = a0.add(a1)
        v2 = a2.view(2, 4)
    return (v1,)
