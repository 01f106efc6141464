# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8628).report())'
# Shrink: cd python/tests && python minimize.py 8628 --write
#
# seed 8628: 8 unexplained difference(s)
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
#   notes: both-raise

import torch

# seed 8628 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(8628)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:4]
    t3 = l1[2:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(8628)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:4]
    t3 = l1[2:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    with torch.no_grad():
        v1 = a0.sin()
        v2 = a0.reshape(-1)
        a1.sub_(-1.5)
    with torch.no_grad():
        v2.unsqueeze_(-1)
    return (a0, v1)
