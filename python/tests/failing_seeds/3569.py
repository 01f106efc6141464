# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3569).report())'
# Shrink: cd python/tests && python minimize.py 3569 --write
#
# seed 3569: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 3569 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(3569)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t1
    a1 = t2
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(3569)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t1
    a1 = t2
    return [a0, a1], []



def fn(a0, a1):
    a0.copy_(a0)
    v1 = a1.add(a1)
    v2 = a1[:1:2]
    v2.add_(3.0)
    a0.t_()
    with torch.no_grad():
        a0.set_(a1)
    return ()
