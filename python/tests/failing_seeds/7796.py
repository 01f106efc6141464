# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7796).report())'
# Shrink: cd python/tests && python minimize.py 7796 --write
#
# seed 7796: 1 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 0, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-fallback: the function turns grad mode on and writes argument 0, which requires grad, whil, unsupported-where-pytorch-is-wrong: outputs, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 7796 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7796)
    l1 = torch.randn((2, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    torch.set_grad_enabled(True)
    v1 = a0[:, :]
    v2 = a0.as_strided((2, 3, 1), (1, 1, 1), 2)
    v3 = v1.neg()
    v4 = a0.detach()
    v1.fill_(0.5)
    return (v1,)
