# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1535).report())'
# Shrink: cd python/tests && python minimize.py 1535 --write
#
# seed 1535: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 2, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 2, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 1, which requires grad, whil

import torch

# seed 1535 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(1535)
    t1 = torch.randint(-5, 6, (1, 2), generator=g, dtype=torch.int64)
    l2 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[:5]
    t5 = t3[3:]
    a0 = t1
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    torch.set_grad_enabled(True)
    a0.add_(2)
    v1 = a2.view(torch.int32)
    v1.mul_(v1)
    return ()
