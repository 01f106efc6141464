# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1855).report())'
# Shrink: cd python/tests && python minimize.py 1855 --write
#
# seed 1855: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 0, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 1855 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1855)
    t1 = torch.randint(-5, 6, (2,), generator=g, dtype=torch.int64)
    l2 = torch.randn((5,), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1:]
    a0 = t1
    a1 = t4
    return [a0, a1], [l2]


def fn(a0, a1):
    with torch.enable_grad():
        a1.sub_(a1)
        v1 = a0.unsqueeze(0)
    a0.add_(2)
    v2 = a0.t()
    v1.unsqueeze_(-1)
    a1.zero_()
    return (v2, a0)
