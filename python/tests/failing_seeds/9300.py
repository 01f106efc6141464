# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9300).report())'
# Shrink: cd python/tests && python minimize.py 9300 --write
#
# seed 9300: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [4, 1], strides [1, 4], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 8); wrapc differs from eager on values[1]:
#       got [[[-0.4546700417995453]]]
#       want [[[-0.9093400835990906]]]
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [4, 1], strides [1, 4], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 8); wrapc differs from eager on values[1]:
#       got [[[-0.4546700417995453]]]
#       want [[[-0.9093400835990906]]]
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 9300 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9300)
    t1 = torch.randn((4, 1), generator=g, dtype=torch.float64)
    t2 = t1[::2]
    t3 = torch.randn((1, 4), generator=g, dtype=torch.float32)
    l4 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4[1:]
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]


def fn(a0, a1, a2):
    a1.t_()
    v1 = a1[2:3]
    v1.mul_(2.0)
    with torch.no_grad():
        a1.set_(a2)
    a0.fill_(1.25)
    v2 = a0.t()
    return (v2, v1)
