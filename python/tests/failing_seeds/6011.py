# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6011).report())'
# Shrink: cd python/tests && python minimize.py 6011 --write
#
# seed 6011: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 2, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 2, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 2, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 6011 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6011)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[2:]
    l4 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6011)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[2:]
    l4 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]



def fn(a0, a1, a2):
    a0.add_(2.0)
    v1 = a0.reshape(2, 1)
    v2 = a1.view(-1)
    with torch.no_grad():
        v3 = a2.t()
        v4 = v1.view(-1)
    v1.transpose_(1, 0)
    with torch.enable_grad():
        v5 = v2[0]
        a2.add_(-1.5)
    torch.set_grad_enabled(True)
    return (v1, v5)
