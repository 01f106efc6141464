# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7000).report())'
# Shrink: cd python/tests && python minimize.py 7000 --write
#
# seed 7000: 1 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.
#   notes: both-raise, dynamo-refused

import torch

# seed 7000 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7000)
    l1 = torch.randn((1, 5, 4, 3), generator=g, dtype=torch.float32).requires_grad_()
    l2 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[:4]
    t5 = t3[4:]
    t6 = torch.randint(-5, 6, (1, 3, 4, 5), generator=g, dtype=torch.int64)
    a0 = l1
    a1 = t4
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1, l2]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        v1 = a1.mul(0.5)
    v2 = a3[:, 2:]
    torch.set_grad_enabled(False)
    with torch.no_grad():
        a1.add_(v1)
        a1.sub_(1.25)
    a0.transpose_(3, 2)
    return (v2,)
