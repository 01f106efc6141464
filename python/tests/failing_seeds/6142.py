# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6142).report())'
# Shrink: cd python/tests && python minimize.py 6142 --write
#
# seed 6142: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[2]:
#       got 2
#       want 4
#   direct call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[3]:
#       got 2
#       want 4
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[2]:
#       got 2
#       want 4
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[3]:
#       got 2
#       want 4
#   notes: dynamo-refused

import torch

# seed 6142 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6142)
    l1 = torch.randn((5,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[4:]
    t5 = torch.randn((4, 2), generator=g, dtype=torch.float32)
    t6 = t5[1]
    t7 = t5[:, 0]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a2.t_()
    a2.add_(a2)
    v1 = a3[1:3]
    v1.add_(2.0)
    v2 = a0.detach()
    a2.add_(a1)
    with torch.no_grad():
        v3 = v2.view(-1)
        v4 = a2.relu()
        a1.mul_(a1)
    with torch.no_grad():
        v5 = v1.add(2.0)
        v2.mul_(1.25)
        v6 = v2[2:3]
    return v4
