# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11773).report())'
# Shrink: cd python/tests && python minimize.py 11773 --write
#
# seed 11773: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-refused

import torch

# seed 11773 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(11773)
    l1 = torch.randn((2,), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    a0.unsqueeze_(-2)
    with torch.enable_grad():
        a0.add_(1.25)
    v1 = a0.expand(2, 2)
    return (v1,)
