# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2674).report())'
# Shrink: cd python/tests && python minimize.py 2674 --write
#
# seed 2674: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 2674 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(2674)
    t1 = torch.randn((3, 4), generator=g, dtype=torch.float32)
    t2 = torch.randn((4, 5, 2), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.view(torch.int32)
    v1.add_(v1)
    with torch.no_grad():
        a0.set_(a1)
    return (a1,)
