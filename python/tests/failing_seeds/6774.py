# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6774).report())'
# Shrink: cd python/tests && python minimize.py 6774 --write
#
# seed 6774: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 4, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 4, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 4, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 4, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 6774 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6774)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[4:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a0.mul_(a0)
    with torch.enable_grad():
        v1 = a1.add(a0)
    v2 = v1.unsqueeze(0)
    v3 = v2.add(2.0)
    v4 = a1.view(1, 1)
    v5 = a1[:]
    v6 = v3.add(0.5)
    with torch.no_grad():
        a1.set_(a0)
    return (v3, a0, v4)
