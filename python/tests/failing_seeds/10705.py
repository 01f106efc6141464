# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10705).report())'
# Shrink: cd python/tests && python minimize.py 10705 --write
#
# seed 10705: 0 unexplained difference(s)
#   notes: dynamo-refused

import torch

# seed 10705 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(10705)
    t1 = torch.randn((3, 4, 3), generator=g, dtype=torch.float32)
    l2 = torch.randn((6,), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[::2]
    a0 = t1
    a1 = t4
    a2 = t3
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    v1 = a1.mul(-1.5)
    a0.as_strided_((1, 3), (4, 4), 24)
    a1.add_(-1.5)
    with torch.no_grad():
        a0.mul_(v1)
        v2 = a0.reshape(-1)
        v3 = v1.sin()
    v4 = a1[:1:2]
    a1.as_strided_((3,), (1,), 1)
    return (v2, v3, v3)
