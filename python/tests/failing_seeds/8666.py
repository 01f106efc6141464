# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8666).report())'
# Shrink: cd python/tests && python minimize.py 8666 --write
#
# seed 8666: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]); wrapc differs from eager on values[0]:
#       got [[-2.1610708236694336, -2.1610708236694336, -2.1610708236694336]]
#       want [[0.0, 0.0, 0.0]]
#   direct call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]); wrapc differs from eager on values[1]:
#       got [[[-2.1610708236694336]]]
#       want [[[0.0]]]
#   direct call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]); wrapc differs from eager on values[0]:
#       got [[-2.1610708236694336, -2.1610708236694336, -2.1610708236694336]]
#       want [[0.0, 0.0, 0.0]]
#   direct call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (3) must match the existing size (2) at non-singleton dimension 0.  Target sizes: [3].  Tensor sizes: [2]); wrapc differs from eager on values[1]:
#       got [[[-2.1610708236694336]]]
#       want [[[0.0]]]
#   notes: pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 8666 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8666)
    t1 = torch.randn((2,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    v2 = a0.expand(3)
    v3 = v2.permute(0)
    v4 = a0.unsqueeze(0)
    with torch.no_grad():
        v2.zero_()
    v5 = v3[:]
    v3.t_()
    return (v3, v4)
