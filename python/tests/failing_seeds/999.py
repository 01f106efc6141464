# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(999).report())'
# Shrink: cd python/tests && python minimize.py 999 --write
#
# seed 999: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_as_strided: out of bounds: view sizes [1] strides [1] offset 1 reaches element 1 of a storage of 1
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_as_strided: out of bounds: view sizes [1] strides [1] offset 1 reaches element 1 of a storage of 1
#   notes: dynamo-refused

import torch

# seed 999 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(999)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t4 = torch.randn((1,), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    a1.mul_(1.25)
    with torch.no_grad():
        a2.set_(a1)
    with torch.no_grad():
        a2.set_(a0)
    v1 = a1.sum(0)
    v2 = a0.sub(a1)
    return (a1, a2)
