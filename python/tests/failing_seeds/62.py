# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(62).report())'
# Shrink: cd python/tests && python minimize.py 62 --write
#
# seed 62: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (2 to 3) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (2 to 3) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 62 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(62)
    t1 = torch.randn((3, 3, 2), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3.permute(1, 0)
    a0 = t1
    a1 = t4
    return [a0, a1], [l2]

def make_grown_inputs():
    g = torch.Generator().manual_seed(62)
    t1 = torch.randn((4, 4, 3), generator=g, dtype=torch.float32)
    l2 = torch.randn((1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3.permute(1, 0)
    a0 = t1
    a1 = t4
    return [a0, a1], [l2]



def fn(a0, a1):
    a0.mul_(a0)
    with torch.enable_grad():
        v1 = a0.select(2, 0)
    a1.unsqueeze_(1)
    a0.transpose_(1, 0)
    a1.mul_(0.5)
    return a0


# Shrunk (python minimize.py 62):
#
# seed 62: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 3) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 3) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 62 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(62)
#     l2 = torch.randn((1, 1), generator=g, dtype=torch.float32)
#     t3 = l2 * 1
#     t4 = t3.permute(1, 0)
#     a1 = t4
#     return [a1], []
#
#
# def fn(a1):
#     a1.unsqueeze_(1)
#     a1.mul_(0.5)
#     return ()
#
