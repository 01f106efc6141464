# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(445).report())'
# Shrink: cd python/tests && python minimize.py 445 --write
#
# seed 445: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 445 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(445)
    t1 = torch.randn((9,), generator=g, dtype=torch.float32)
    t2 = t1[:5]
    t3 = t1[5:]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    v1 = a1.sum()
    v1.as_strided_((1,), (3,), 0)
    v2 = a1.sin()
    with torch.no_grad():
        v3 = a1.expand(4)
        v4 = a1[3:]
        a1.mul_(3.0)
    v5 = a1.flatten()
    v5.unsqueeze_(-1)
    return (v2, v4)


# Shrunk (python minimize.py 445):
#
# seed 445: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 445 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(445)
#     t1 = torch.randn((9,), generator=g, dtype=torch.float32)
#     t3 = t1[5:]
#     a1 = t3
#     return [a1], []
#
#
# def fn(a1):
#     a1.mul_(3.0)
#     v5 = a1.flatten()
#     v5.unsqueeze_(-1)
#     return ()
#
