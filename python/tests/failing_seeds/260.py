# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(260).report())'
# Shrink: cd python/tests && python minimize.py 260 --write
#
# seed 260: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (3 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (3 to 1) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 260 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(260)
    t1 = torch.randn((2, 4, 2, 1), generator=g, dtype=torch.float32)
    t2 = torch.randn((2, 4, 3), generator=g, dtype=torch.float32)
    t3 = t2.permute(2, 1, 0)
    a0 = t1
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(260)
    t1 = torch.randn((3, 5, 3, 1), generator=g, dtype=torch.float32)
    t2 = torch.randn((3, 5, 4), generator=g, dtype=torch.float32)
    t3 = t2.permute(2, 1, 0)
    a0 = t1
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    v1 = a1.sum()
    v2 = v1.unsqueeze(0)
    a1.add_(v2)
    a1.as_strided_((1,), (4,), 5)
    v3 = a0.detach()
    v4 = a1.detach()
    v5 = a0.transpose(3, 0)
    v1.add_(-1.5)
    return (v5,)


# Shrunk (python minimize.py 260):
#
# seed 260: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 260 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(260)
#     t2 = torch.randn((2, 4, 3), generator=g, dtype=torch.float32)
#     t3 = t2.permute(2, 1, 0)
#     a1 = t3
#     return [a1], []
#
#
# def fn(a1):
#     v1 = a1.sum()
#     v2 = v1.unsqueeze(0)
#     a1.add_(v2)
#     a1.as_strided_((1,), (4,), 5)
#     return ()
#
