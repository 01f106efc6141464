# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1119).report())'
# Shrink: cd python/tests && python minimize.py 1119 --write
#
# seed 1119: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function turns grad mode on and writes argument 1, which requires grad, while it is called under no_grad: AOTAutograd traces that write hidden from autograd, so its gradient would be wrong; compile and call it with grad mode on
#   notes: dynamo-refused

import torch

# seed 1119 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(1119)
    l1 = torch.randn((6, 2, 1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    l4 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t7 = t6[1:]
    a0 = t3
    a1 = t5
    a2 = t7
    return [a0, a1, a2], [l1, l4]

def make_grown_inputs():
    g = torch.Generator().manual_seed(1119)
    l1 = torch.randn((7, 3, 1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    l4 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t7 = t6[1:]
    a0 = t3
    a1 = t5
    a2 = t7
    return [a0, a1, a2], [l1, l4]



def fn(a0, a1, a2):
    a1.mul_(a1)
    v1 = a1.clone()
    a1.t_()
    torch.set_grad_enabled(True)
    a1.mul_(3.0)
    v2 = v1.squeeze()
    return (v2, v2, v2)
