# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2924).report())'
# Shrink: cd python/tests && python minimize.py 2924 --write
#
# seed 2924: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 0, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2924 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2924)
    l1 = torch.randn((4, 3, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((1,), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(2924)
    l1 = torch.randn((5, 4, 6), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((1,), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    torch.set_grad_enabled(True)
    a0.add_(-1.5)
    v1 = a1.detach()
    a0.sub_(a1)
    return (v1, a1)
