# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8614).report())'
# Shrink: cd python/tests && python minimize.py 8614 --write
#
# seed 8614: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 8614 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(8614)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    a0 = t1
    a1 = t3
    return [a0, a1], [l2]

def make_grown_inputs():
    g = torch.Generator().manual_seed(8614)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 6), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    a0 = t1
    a1 = t3
    return [a0, a1], [l2]



def fn(a0, a1):
    a1.add_(1.25)
    a1.copy_(a1)
    v1 = a1[:, 1:3]
    a1.as_strided_((1, 2), (3, 4), 0)
    with torch.no_grad():
        a1.set_(a0)
    with torch.no_grad():
        a1.set_(a0)
    v2 = a1.view(torch.int32)
    return (v2,)
