# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10463).report())'
# Shrink: cd python/tests && python minimize.py 10463 --write
#
# seed 10463: 0 unexplained difference(s)
#   notes: dynamo-refused, unsupported-where-pytorch-is-wrong: input_values

import torch

# seed 10463 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(10463)
    t1 = torch.randint(-5, 6, (3,), generator=g, dtype=torch.int64)
    t2 = torch.randint(-5, 6, (3, 1), generator=g, dtype=torch.int64)
    t3 = t2[1:]
    l4 = torch.randn((4, 2, 1), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    a0 = t1
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]


def fn(a0, a1, a2):
    a2.transpose_(2, 1)
    a2.squeeze_(1)
    with torch.no_grad():
        a0.set_(a1)
    return (a0,)
