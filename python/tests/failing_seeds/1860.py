# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1860).report())'
# Shrink: cd python/tests && python minimize.py 1860 --write
#
# seed 1860: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: CompileError: wrapc compile failed:
#   direct call 2: wrapc raises, PyTorch does not: CompileError: wrapc compile failed:
#   notes: dynamo-refused

import torch

# seed 1860 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1860)
    t1 = torch.randint(-5, 6, (3,), generator=g, dtype=torch.int64)
    t2 = t1[:3]
    t3 = t1[0:]
    l4 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[::2]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l4]


def fn(a0, a1, a2, a3):
    v1 = a0.flatten()
    a3.as_strided_((2,), (2,), 3)
    with torch.no_grad():
        v2 = a0.add(a1)
        a0.add_(2)
    return (v1, v2)
