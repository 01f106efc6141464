# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2765).report())'
# Shrink: cd python/tests && python minimize.py 2765 --write
#
# seed 2765: 2 unexplained difference(s)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 1)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1, 2), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (4,), (1,), 0, False, True, (0, 1), 1)
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2765 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2765)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    t3 = torch.randn((5,), generator=g, dtype=torch.float32)
    t4 = t3[:4]
    t5 = t3[2:]
    a0 = t2
    a1 = t1
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    a1.copy_(a2)
    a3.t_()
    v1 = a2.sin()
    v2 = a3.sub(2.0)
    v2.zero_()
    v3 = a0.mul(a0)
    with torch.no_grad():
        a2.set_(a0)
    return (v2, v2, a1)
