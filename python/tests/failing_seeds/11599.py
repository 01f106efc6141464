# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11599).report())'
# Shrink: cd python/tests && python minimize.py 11599 --write
#
# seed 11599: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 1, which requires grad, whil, dynamo-fallback: the function turns grad mode on and writes argument 3, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 11599 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(11599)
    t1 = torch.randn((5, 3), generator=g, dtype=torch.float32)
    t2 = t1.permute(1, 0)
    l3 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = torch.randn((7,), generator=g, dtype=torch.float32)
    t6 = t5[:5]
    t7 = t5[5:]
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l3]

def make_grown_inputs():
    g = torch.Generator().manual_seed(11599)
    t1 = torch.randn((6, 4), generator=g, dtype=torch.float32)
    t2 = t1.permute(1, 0)
    l3 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = torch.randn((8,), generator=g, dtype=torch.float32)
    t6 = t5[:5]
    t7 = t5[5:]
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l3]



def fn(a0, a1, a2, a3):
    a0.add_(a1)
    with torch.no_grad():
        a1.mul_(a1)
    v1 = a1.as_strided((1, 1), (3, 1), 0)
    with torch.enable_grad():
        a1.zero_()
        v2 = a1[::2]
    a0.mul_(-1.5)
    v1.transpose_(1, 0)
    v3 = a1.unsqueeze(0)
    v4 = a2.clone()
    return (a2,)
