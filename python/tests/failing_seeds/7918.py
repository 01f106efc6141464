# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7918).report())'
# Shrink: cd python/tests && python minimize.py 7918 --write
#
# seed 7918: 4 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 1
#       want 2

import torch

# seed 7918 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7918)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:3]
    t3 = l1[3:]
    t4 = torch.randn((4,), generator=g, dtype=torch.float32)
    t5 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 1, (2,), (1,))
    t6 = torch.empty(0, dtype=torch.float32).set_(t4.untyped_storage(), 0, (3,), (1,))
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a0.mul(3.0)
    v2 = a1.add(a2)
    v3 = a0[:1]
    v4 = a0.flatten()
    with torch.no_grad():
        v5 = a3.sin()
        v4.zero_()
    with torch.no_grad():
        v6 = v3.add(a2)
        v3.sub_(v3)
    return v4
