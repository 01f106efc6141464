# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2096).report())'
# Shrink: cd python/tests && python minimize.py 2096 --write
#
# seed 2096: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[3]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[3]:
#       got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: both-raise

import torch

# seed 2096 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(2096)
    t1 = torch.randn((5, 3), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3[:2]
    t5 = l3[0:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    with torch.no_grad():
        v1 = a2.to(torch.float32)
        a2.add_(a2)
        v2 = a2.flatten()
    v3 = v1.view(3, 1)
    a0.add_(a2)
    return (v1, a1, a2, v3)
