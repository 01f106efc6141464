# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11605).report())'
# Shrink: cd python/tests && python minimize.py 11605 --write
#
# seed 11605: 1 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 0, which requires grad, whil, unsupported-where-pytorch-is-wrong: outputs, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 11605 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(11605)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[:4]
    t6 = t4[4:]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l1, l3]


def fn(a0, a1, a2):
    a1.mul_(-1.5)
    torch.set_grad_enabled(True)
    a1.fill_(-1.5)
    v1 = a2.flatten()
    v2 = a0[:, 2:]
    v3 = a1[:1]
    return (v3, v1)
