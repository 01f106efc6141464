# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5863).report())'
# Shrink: cd python/tests && python minimize.py 5863 --write
#
# seed 5863: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 5863 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(5863)
    l1 = torch.randn((1, 4, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(5863)
    l1 = torch.randn((1, 5, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]



def fn(a0, a1):
    a0.add_(a1)
    with torch.no_grad():
        a1.set_(a0)
    return (a0, a0, a1)
