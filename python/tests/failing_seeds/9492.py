# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9492).report())'
# Shrink: cd python/tests && python minimize.py 9492 --write
#
# seed 9492: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto the memory of argument 0, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto the memory of argument 0, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   notes: dynamo-refused

import torch

# seed 9492 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9492)
    t1 = torch.randn((2,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        v1 = a1.mul(a1)
        a0.add_(3.0)
    with torch.no_grad():
        a1.set_(a0)
    with torch.no_grad():
        a1.set_(a0)
    return (a0, v1)
