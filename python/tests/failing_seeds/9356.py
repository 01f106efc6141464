# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9356).report())'
# Shrink: cd python/tests && python minimize.py 9356 --write
#
# seed 9356: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: shape '[2, 2]' is invalid for input of size 8); wrapc differs from eager on values[2]:
#       got [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.7157579064369202]]]
#       want [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.6747847199440002]]]
#   direct call 2: PyTorch raises (RuntimeError: shape '[2, 2]' is invalid for input of size 8); wrapc differs from eager on values[2]:
#       got [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.7157579064369202]]]
#       want [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.6747847199440002]]]
#   dynamo call 1: PyTorch raises (RuntimeError: shape '[2, 2]' is invalid for input of size 8); wrapc differs from eager on values[2]:
#       got [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.7157579064369202]]]
#       want [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.6747847199440002]]]
#   dynamo call 2: PyTorch raises (RuntimeError: shape '[2, 2]' is invalid for input of size 8); wrapc differs from eager on values[2]:
#       got [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.7157579064369202]]]
#       want [[[0.13042357563972473, -0.20822012424468994], [0.8887879848480225, -0.6747847199440002]]]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_enabled, pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, pytorch-raises-wrapc-as-pytorch-on-the-rest: values

import torch

# seed 9356 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9356)
    t1 = torch.randn((2, 4), generator=g, dtype=torch.float32)
    t2 = t1[1]
    t3 = t1[:, 1]
    t4 = torch.randn((8, 5), generator=g, dtype=torch.float64)
    t5 = t4[::2]
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    torch.set_grad_enabled(True)
    v1 = a0.view(2, 2)
    v1.mul_(a1)
    v2 = a2.relu()
    v1.t_()
    v3 = a2[:, 2:]
    v4 = a0.sum(0)
    return (v4, v3, v1)
