# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8357).report())'
# Shrink: cd python/tests && python minimize.py 8357 --write
#
# seed 8357: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 8357 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8357)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[4:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        v1 = a0.clone()
        v2 = a1.view(-1)
        v3 = a1.select(0, 0)
    v3.add_(3.0)
    v4 = v1.add(0.5)
    with torch.no_grad():
        a1.set_(a0)
    with torch.enable_grad():
        v2.t_()
        a1.squeeze_(0)
        v5 = a1.sum(0)
    return (a0, v1)
