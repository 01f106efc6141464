# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(4053).report())'
# Shrink: cd python/tests && python minimize.py 4053 --write
#
# seed 4053: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1.0904646580420614]]]
#       want [[[0.6985376326676473]]]
#       wrapc vs PyTorch: got [[[1.0904646580420614]]]
#       want [[[0.27941505306705894]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 2, False, True, (0, 1), 1)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1.0904646580420614]]]
#       want [[[0.6985376326676473]]]
#       wrapc vs PyTorch: got [[[1.0904646580420614]]]
#       want [[[0.27941505306705894]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 2, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float64, (1, 1), (1, 1), 2, False, True, (0, 1), 1)
#   notes: dynamo-refused, pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: inputs_after, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 4053 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(4053)
    t1 = torch.randn((4,), generator=g, dtype=torch.float64)
    t2 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 1, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 2, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(4053)
    t1 = torch.randn((5,), generator=g, dtype=torch.float64)
    t2 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 1, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float64).set_(t1.untyped_storage(), 2, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a1.sum(0)
    a1.add_(v1)
    v2 = a1.mul(a1)
    a1.mul_(1.25)
    v3 = a0.sub(0.5)
    v4 = a1.view(1, 1)
    with torch.no_grad():
        a1.set_(a0)
    return (v2, v4)
