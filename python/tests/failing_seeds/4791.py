# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4791).report())'
# Shrink: cd python/tests && python minimize.py 4791 --write
#
# seed 4791: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 2 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 2 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 4791 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(4791)
    t1 = torch.randn((5, 3), generator=g, dtype=torch.float32)
    l2 = torch.randn((2, 3), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[::2]
    t5 = torch.randn((1, 5, 4, 2), generator=g, dtype=torch.float32)
    t6 = t5.permute(3, 2, 1, 0)
    a0 = t1
    a1 = t4
    a2 = t6
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    a1.add_(a1)
    v1 = a2.flatten()
    v1.add_(1.25)
    a2.mul_(0.5)
    a1.add_(3.0)
    v2 = a0.flatten()
    with torch.no_grad():
        a2.set_(a0)
    return (v1,)
