# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5563).report())'
# Shrink: cd python/tests && python minimize.py 5563 --write
#
# seed 5563: 24 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#       wrapc vs PyTorch: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   direct call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#       wrapc vs PyTorch: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   direct call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#       wrapc vs PyTorch: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#   dynamo call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   dynamo call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#   dynamo call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#       wrapc vs PyTorch: got [[[-0.2291741669178009]]]
#       want [[[2.473928213119507]]]
#   dynamo call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   dynamo call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#       wrapc vs PyTorch: got [[-0.2291741669178009]]
#       want [[2.473928213119507]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (1, 1), 3, False, True, (2, 3), None)
#   dynamo call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   dynamo call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1,), (1,), 0, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (1,), (1,), 3, False, True, (2, 3), None)
#   notes: pytorch-differs-from-eager: version_deltas

import torch

# seed 5563 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(5563)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:5]
    t4 = t2[0:]
    t5 = torch.randn((4,), generator=g, dtype=torch.float32)
    t6 = t5[:3]
    t7 = t5[3:]
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a0.add_(a0)
    v1 = a3.reshape(1, 1)
    v2 = a3.reshape(1, 1)
    v3 = a3.sin()
    a1.add_(2.0)
    a0.copy_(v3)
    a1.add_(a1)
    with torch.no_grad():
        v4 = v1[0]
        v2.add_(v1)
    return (v2, v4, v4)
