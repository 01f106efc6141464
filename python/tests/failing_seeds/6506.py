# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6506).report())'
# Shrink: cd python/tests && python minimize.py 6506 --write
#
# seed 6506: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 3 onto the memory of argument 2, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function set_s argument 3 onto the memory of argument 2, which it also writes (or an argument overlapping it): PyTorch's analysis gives the set_ the written value, a tensor of its own, so the two would not share memory after the call; return the written argument instead of set_ing onto it
#   notes: dynamo-refused

import torch

# seed 6506 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6506)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:3]
    t3 = t1[1:]
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4[:2]
    t6 = t4[0:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a2.add_(a2)
    v1 = a3.reshape(2, 3)
    v2 = a2[1:]
    torch.set_grad_enabled(False)
    a0.fill_(1.25)
    v2.add_(v2)
    v4 = a3.detach()
    with torch.no_grad():
        a3.set_(a2)
    return (v1, v1)
