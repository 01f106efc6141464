# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5137).report())'
# Shrink: cd python/tests && python minimize.py 5137 --write
#
# seed 5137: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.23981996450220427]]
#       want [[-4.59829770929193]]
#       wrapc vs PyTorch: got [[-0.23981996450220427]]
#       want [[-1.53276590309731]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, False, True, (0, 1), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-0.23981996450220427]]
#       want [[-4.59829770929193]]
#       wrapc vs PyTorch: got [[-0.23981996450220427]]
#       want [[-1.53276590309731]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1,), (1,), 1, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float64, (1,), (1,), 4, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: inputs_after, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 5137 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(5137)
    t1 = torch.randn((5,), generator=g, dtype=torch.float64)
    t2 = t1[:3]
    t3 = t1[3:]
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(5137)
    t1 = torch.randn((6,), generator=g, dtype=torch.float64)
    t2 = t1[:3]
    t3 = t1[3:]
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    torch.set_grad_enabled(True)
    a1.mul_(3.0)
    v1 = a1[1:]
    with torch.no_grad():
        a1.set_(a0)
    return (v1, a0)
