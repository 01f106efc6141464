# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5248).report())'
# Shrink: cd python/tests && python minimize.py 5248 --write
#
# seed 5248: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 2
#       want 3
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[1]:
#       got 2
#       want 3
#   notes: dynamo-refused

import torch

# seed 5248 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(5248)
    l1 = torch.randn((4, 2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    t3 = torch.randn((2, 1, 3, 5), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.as_strided_((1,), (1,), 28)
    with torch.no_grad():
        a0.fill_(0.5)
    v1 = a1[:]
    v2 = a1.view(torch.int32)
    with torch.no_grad():
        v1.add_(3.0)
    v1.add_(v1)
    return ()
