# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8361).report())'
# Shrink: cd python/tests && python minimize.py 8361 --write
#
# seed 8361: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.7975983749428212]]
#       want [[1.25]]
#       wrapc vs PyTorch: got [[0.7975983749428212]]
#       want [[1.25]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 0, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, True, False, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 0, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, True, False, (2, 3), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.7975983749428212]]
#       want [[1.25]]
#       wrapc vs PyTorch: got [[0.7975983749428212]]
#       want [[1.25]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 0, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, True, False, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 0, True, False, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, True, False, (2, 3), None)
#   notes: pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 8361 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8361)
    l1 = torch.randn((8,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(2, 4)
    l4 = torch.randn((6,), generator=g, dtype=torch.float64).requires_grad_()
    t5 = l4 * 1
    t6 = t5[:4]
    t7 = t5[4:]
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1, l4]


def fn(a0, a1, a2, a3):
    a0.fill_(0.5)
    v1 = a0.t()
    v2 = a3[:1]
    v2.fill_(1.25)
    return (v2,)
