# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(624).report())'
# Shrink: cd python/tests && python minimize.py 624 --write
#
# seed 624: 1 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.
#   notes: both-raise, dynamo-refused

import torch

# seed 624 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(624)
    l1 = torch.randn((2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(1, 0)
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.detach()
    torch.set_grad_enabled(False)
    a0.unsqueeze_(-3)
    v1.unsqueeze_(-3)
    return (v1, a0)
