# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(493).report())'
# Shrink: cd python/tests && python minimize.py 493 --write
#
# seed 493: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 493 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(493)
    t1 = torch.randn((2,), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []


def fn(a0):
    a0.mul_(a0)
    a0.unsqueeze_(-1)
    v1 = a0.t()
    v2 = a0.transpose(0, 1)
    a0.t_()
    return v2


# Shrunk (python minimize.py 493):
#
# seed 493: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 493 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(493)
#     t1 = torch.randn((2,), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     a0.mul_(a0)
#     a0.unsqueeze_(-1)
#     return ()
#
