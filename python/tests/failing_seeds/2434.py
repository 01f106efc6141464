# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2434).report())'
# Shrink: cd python/tests && python minimize.py 2434 --write
#
# seed 2434: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 3, which requires grad, whil, dynamo-fallback: the function turns grad mode on and writes argument 4, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2434 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(2434)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[2:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(2434)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[2:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]



def fn(a0, a1):
    a0.add_(-1.5)
    v1 = a1.mul(-1.5)
    a1.add_(a1)
    with torch.enable_grad():
        a1.copy_(v1)
        v2 = a1[0]
    v3 = a0.select(0, 1)
    v4 = a0.view(2, 1)
    v5 = v4[:1]
    return (v5, a0, v4)
