# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9780).report())'
# Shrink: cd python/tests && python minimize.py 9780 --write
#
# seed 9780: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on values[3]:
#       got [[[-0.12913104891777039], [2.013746976852417], [-0.8413454294204712], [-0.7660406231880188]]]
#       want [[[-0.12913104891777039], [2.013746976852417], [2.0], [-0.7660406231880188]]]
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on outputs[3]:
#       got ('tensor', 'Tensor', torch.float32, (4, 1), (4, 1), 0, False, True, (), None)
#       want ('tensor', 'Tensor', torch.float32, (4, 1), (4, 1), 0, False, True, (0, 1), None)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on output_sharing[1]:
#       got (1,)
#       want (1, 3)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on output_sharing[3]:
#       got (3,)
#       want (1, 3)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on values[3]:
#       got [[[-0.12913104891777039], [2.013746976852417], [-0.8413454294204712], [-0.7660406231880188]]]
#       want [[[-0.12913104891777039], [2.013746976852417], [2.0], [-0.7660406231880188]]]
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on outputs[3]:
#       got ('tensor', 'Tensor', torch.float32, (4, 1), (4, 1), 0, False, True, (), None)
#       want ('tensor', 'Tensor', torch.float32, (4, 1), (4, 1), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on output_sharing[1]:
#       got (1,)
#       want (1, 3)
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 4 requiring a storage size of 64 are out of bounds for storage of size 16); wrapc differs from eager on output_sharing[3]:
#       got (3,)
#       want (1, 3)
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: values

import torch

# seed 9780 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(9780)
    t1 = torch.randn((4, 4), generator=g, dtype=torch.float32)
    t2 = t1[2]
    t3 = t1[:, 0]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a0.fill_(2.0)
    a1.t_()
    v1 = a1.unsqueeze(1)
    v2 = a1.add(a1)
    v3 = v2.add(a1)
    with torch.no_grad():
        a1.set_(a0)
    with torch.no_grad():
        a0.set_(a1)
    return (v3, a1, v2, v1)
