# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10127).report())'
# Shrink: cd python/tests && python minimize.py 10127 --write
#
# seed 10127: 0 unexplained difference(s)
#   notes: dynamo-refused

import torch

# seed 10127 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(10127)
    t1 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t2 = torch.randn((3, 2, 3), generator=g, dtype=torch.float64)
    t3 = t2.permute(2, 1, 0)
    a0 = t1
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        a1.copy_(a1)
        a1.as_strided_((3, 1), (3, 3), 7)
    a0.add_(a0)
    return (a1, a1, a0)
