# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8827).report())'
# Shrink: cd python/tests && python minimize.py 8827 --write
#
# seed 8827: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: CompileError: wrapc compile failed:
#   direct call 2: wrapc raises, PyTorch does not: CompileError: wrapc compile failed:
#   notes: pytorch-differs-from-eager: grad_fns

import torch

# seed 8827 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8827)
    l1 = torch.randn((3, 2, 5), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((1, 1, 5), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(8827)
    l1 = torch.randn((4, 3, 6), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((1, 1, 6), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    a1.mul_(0.5)
    a0.fill_(2.0)
    return (a1, a0, a1)
