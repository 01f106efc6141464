# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7929).report())'
# Shrink: cd python/tests && python minimize.py 7929 --write
#
# seed 7929: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 0 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 7929 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(7929)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = torch.randn((6,), generator=g, dtype=torch.float32)
    t3 = t2[:4]
    t4 = t2[4:]
    l5 = torch.randn((1, 3), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6.permute(1, 0)
    a0 = t1
    a1 = t3
    a2 = t4
    a3 = t7
    return [a0, a1, a2, a3], [l5]


def fn(a0, a1, a2, a3):
    a0.mul_(a0)
    v1 = a3[:1:2]
    v2 = a0[1:]
    with torch.no_grad():
        a1.set_(a3)
    v2.as_strided_((2,), (1,), 0)
    v3 = v2.mul(a2)
    with torch.no_grad():
        a0.set_(a2)
    return (v3,)
