# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3536).report())'
# Shrink: cd python/tests && python minimize.py 3536 --write
#
# seed 3536: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [3]); wrapc differs from eager on values[2]:
#       got [[[7.5, 7.5], [7.5, 7.5]]]
#       want [[[3.0, 3.0], [3.0, 3.0]]]
#   direct call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 1.  Target sizes: [2, 2].  Tensor sizes: [3]); wrapc differs from eager on values[2]:
#       got [[[7.5, 7.5], [7.5, 7.5]]]
#       want [[[3.0, 3.0], [3.0, 3.0]]]
#   notes: pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3536 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3536)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(3536)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:2]
    t3 = t1[0:]
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a0.expand(2, 2)
    v2 = a0.sub(v1)
    v3 = v1.unsqueeze(1)
    v1.fill_(2.0)
    v4 = v2.squeeze()
    with torch.enable_grad():
        v5 = a0.unsqueeze(0)
        a0.fill_(-1.5)
    v3.fill_(3.0)
    torch.set_grad_enabled(True)
    return (v2, v2, v1)
