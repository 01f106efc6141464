# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(60).report())'
# Shrink: cd python/tests && python minimize.py 60 --write
#
# seed 60: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it, a write PyTorch's analysis drops (it counts a storage change instead, even a set_ back onto the same memory): the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 60 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(60)
    t1 = torch.randn((5, 3), generator=g, dtype=torch.float32)
    t2 = torch.randn((4,), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        a1.copy_(a1)
    torch.set_grad_enabled(False)
    v1 = a0[:, :2:2]
    v2 = v1.add(a1)
    with torch.no_grad():
        a1.set_(a0)
    with torch.no_grad():
        a0.set_(a1)
    v3 = v1.permute(1, 0)
    v4 = v1.relu()
    return (v1, v2, v3)
