# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4007).report())'
# Shrink: cd python/tests && python minimize.py 4007 --write
#
# seed 4007: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 4007 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(4007)
    t1 = torch.randn((3, 4), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t1
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(4007)
    t1 = torch.randn((4, 5), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t1
    return [a0, a1], []



def fn(a0, a1):
    v1 = a1.relu()
    v2 = a0.select(0, 2)
    v2.t_()
    v2.zero_()
    with torch.no_grad():
        a0.set_(a1)
    return (v1, v1, v2, a1)
