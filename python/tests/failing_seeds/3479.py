# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3479).report())'
# Shrink: cd python/tests && python minimize.py 3479 --write
#
# seed 3479: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 1, which requires grad, whil, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3479 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3479)
    l1 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((7,), generator=g, dtype=torch.float32)
    t4 = t3[:4]
    t5 = t3[4:]
    a0 = t2
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a2.clone()
    a2.add_(a2)
    v2 = a3.view(3, 1)
    with torch.no_grad():
        v3 = a2[2]
        a3.copy_(a3)
    v4 = v2.permute(0, 1)
    with torch.enable_grad():
        a3.mul_(1.25)
        a1.add_(a0)
        v1.squeeze_(0)
    v5 = a2.expand(1, 4)
    with torch.no_grad():
        v6 = v2.relu()
    return (v2, v3)
