# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2007).report())'
# Shrink: cd python/tests && python minimize.py 2007 --write
#
# seed 2007: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 2007 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(2007)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[1:]
    a0 = t2
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1, l3]

def make_grown_inputs():
    g = torch.Generator().manual_seed(2007)
    l1 = torch.randn((4, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((13,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[1:]
    a0 = t2
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1, l3]



def fn(a0, a1, a2):
    a0.unsqueeze_(0)
    v1 = a1[5]
    a0.mul_(v1)
    a0.mul_(a0)
    with torch.no_grad():
        a0.set_(a2)
    v2 = a2[1:11]
    return (v2, v1, a2)
