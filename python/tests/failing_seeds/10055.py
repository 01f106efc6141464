# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10055).report())'
# Shrink: cd python/tests && python minimize.py 10055 --write
#
# seed 10055: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 1, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 10055 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(10055)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(1, 4)
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.no_grad():
        v2 = a0.t()
        v3 = a0.clone()
    v4 = v2.clone()
    with torch.no_grad():
        a0.zero_()
        v5 = v2.detach()
        v6 = a0.relu()
    v5.sub_(v2)
    with torch.enable_grad():
        v5.zero_()
        v7 = a1.view(4, 1)
    v8 = v6.flatten()
    return (v3,)
