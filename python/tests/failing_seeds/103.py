# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(103).report())'
# Shrink: cd python/tests && python minimize.py 103 --write
#
# seed 103: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 4, False, True, (1,), None)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 5, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 5, False, True, (1,), None)
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 4, False, True, (1,), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 5, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (), (), 1, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (), (), 5, False, True, (1,), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: output_sharing

import torch

# seed 103 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(103)
    t1 = torch.randn((7,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[4:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    torch.set_grad_enabled(True)
    with torch.no_grad():
        a0.set_(a1)
    v1 = a1[0]
    with torch.no_grad():
        v2 = a1.select(0, 1)
        a1.mul_(3.0)
        a0.squeeze_(0)
    v3 = v1.clone()
    v4 = a0.clone()
    v5 = v1.relu()
    return (v1, v2, a0, v3)


# Shrunk (python minimize.py 103):
#
# seed 103: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: setStorage: sizes [4], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 12
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: setStorage: sizes [4], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 16 are out of bounds for storage of size 12
#   notes: dynamo-refused
# import torch
#
# # seed 103 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(103)
#     t1 = torch.randn((7,), generator=g, dtype=torch.float32)
#     t2 = t1[:4]
#     t3 = t1[4:]
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a0.set_(a1)
#     a1.mul_(3.0)
#     v4 = a0.clone()
#     return (a0,)
#
