# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8092).report())'
# Shrink: cd python/tests && python minimize.py 8092 --write
#
# seed 8092: 8 unexplained difference(s)
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

# seed 8092 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8092)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:4]
    t3 = l1[1:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.no_grad():
        a1.copy_(a1)
        a0.add_(a0)
    return (a0, a1)
