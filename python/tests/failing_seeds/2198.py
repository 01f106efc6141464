# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2198).report())'
# Shrink: cd python/tests && python minimize.py 2198 --write
#
# seed 2198: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes argument 1 and then set_s it onto other memory, a write PyTorch's analysis drops: the memory the argument came with would keep its old values; write a clone of it, or return the new tensor instead of set_ing the argument
#   notes: dynamo-refused

import torch

# seed 2198 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(2198)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[2:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.unsqueeze_(-1)
    a1.sub_(3.0)
    a1.transpose_(1, 0)
    a1.sub_(3.0)
    with torch.no_grad():
        a1.set_(a0)
    v1 = a0.clone()
    v2 = a1[::2]
    v3 = a1.relu()
    return (v1, v3, v2)
