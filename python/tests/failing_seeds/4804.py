# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4804).report())'
# Shrink: cd python/tests && python minimize.py 4804 --write
#
# seed 4804: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 4804 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(4804)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    t3 = torch.randn((2, 3), generator=g, dtype=torch.float32)
    t4 = t3[0]
    t5 = t3[:, 1]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    a0.fill_(-1.5)
    with torch.no_grad():
        a0.set_(a1)
    v1 = a2.mul(a2)
    return (v1, a1, a1)
