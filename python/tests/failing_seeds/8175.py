# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8175).report())'
# Shrink: cd python/tests && python minimize.py 8175 --write
#
# seed 8175: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 8175 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8175)
    t1 = torch.randint(-5, 6, (1, 4), generator=g, dtype=torch.int64)
    t2 = t1.expand(3, 4)
    t3 = torch.randn((2, 3, 3), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t2
    a2 = t3
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    torch.set_grad_enabled(True)
    torch.set_grad_enabled(False)
    a0.fill_(2)
    a0.transpose_(0, 1)
    a2.copy_(a2)
    a1.as_strided_((2,), (2,), 1)
    with torch.no_grad():
        a1.set_(a0)
    return a1
