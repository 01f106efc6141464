# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7324).report())'
# Shrink: cd python/tests && python minimize.py 7324 --write
#
# seed 7324: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto the memory of argument 0, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 1 onto the memory of argument 0, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   notes: dynamo-refused

import torch

# seed 7324 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(7324)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(7324)
    l1 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]



def fn(a0, a1):
    v1 = a0.to(torch.int64)
    a0.add_(v1)
    with torch.no_grad():
        a1.set_(a0)
    return ()
