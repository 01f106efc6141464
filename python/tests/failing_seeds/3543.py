# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3543).report())'
# Shrink: cd python/tests && python minimize.py 3543 --write
#
# seed 3543: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [1, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 12); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (1, 4), (4, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 4), (4, 1), 0, False, True, (0,), None)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [1, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 12); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (1, 4), (4, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 4), (4, 1), 0, False, True, (0,), None)
#   notes: dynamo-refused

import torch

# seed 3543 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3543)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1.view(1, 4)
    t3 = torch.randn((3,), generator=g, dtype=torch.float32)
    t4 = torch.empty(0, dtype=torch.float32).set_(t3.untyped_storage(), 0, (1,), (1,))
    t5 = torch.empty(0, dtype=torch.float32).set_(t3.untyped_storage(), 1, (1,), (1,))
    a0 = t1
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a1.detach()
    with torch.no_grad():
        a1.set_(a2)
    return v1
