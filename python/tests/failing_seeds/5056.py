# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5056).report())'
# Shrink: cd python/tests && python minimize.py 5056 --write
#
# seed 5056: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [7], strides [1], storage offset 0, and itemsize 8 requiring a storage size of 56 are out of bounds for storage of size 24); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (3, 1), (1, 4), 4, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int64, (3, 1), (1, 4), 4, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [7], strides [1], storage offset 0, and itemsize 8 requiring a storage size of 56 are out of bounds for storage of size 24); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (3, 1), (1, 4), 4, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int64, (3, 1), (1, 4), 4, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 5056 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(5056)
    t1 = torch.randint(-5, 6, (7,), generator=g, dtype=torch.int64)
    t2 = t1[:3]
    t3 = t1[3:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        v1 = a1.as_strided((3, 1), (1, 4), 4)
        a0.mul_(3)
        v2 = a1.view(4, 1)
    with torch.no_grad():
        a1.set_(a0)
    return (v1,)
