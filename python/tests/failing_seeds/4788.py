# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4788).report())'
# Shrink: cd python/tests && python minimize.py 4788 --write
#
# seed 4788: 2 unexplained difference(s)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1, 2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, True, (1,), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1, 2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (1,), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, True, (1,), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 4788 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(4788)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:5]
    t4 = t2[1:]
    l5 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[1:]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1, l5]


def fn(a0, a1, a2, a3):
    a3.squeeze_(0)
    v1 = a2.flatten()
    with torch.no_grad():
        v1.add_(-1.5)
        v2 = a0.contiguous()
    with torch.no_grad():
        a1.set_(a2)
    v3 = a2.mul(v1)
    v4 = a2.mul(v3)
    return (v3, a1)
