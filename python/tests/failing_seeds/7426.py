# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7426).report())'
# Shrink: cd python/tests && python minimize.py 7426 --write
#
# seed 7426: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto memory it already shares (its own storage or another argument's), which PyTorch's analysis does not see: the caller's tensor would keep its old geometry; return the new tensor instead, or give the argument its new geometry with as_strided_
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto memory it already shares (its own storage or another argument's), which PyTorch's analysis does not see: the caller's tensor would keep its old geometry; return the new tensor instead, or give the argument its new geometry with as_strided_
#   notes: dynamo-refused

import torch

# seed 7426 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(7426)
    t1 = torch.randn((5, 4), generator=g, dtype=torch.float64)
    t2 = torch.randn((6,), generator=g, dtype=torch.float32)
    t3 = t2[:3]
    t4 = t2[3:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    a1.mul_(2.0)
    with torch.no_grad():
        a1.set_(a2)
    a0.mul_(3.0)
    v1 = a2.expand(3)
    v1.mul_(a2)
    return (v1,)
