# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(94).report())'
# Shrink: cd python/tests && python minimize.py 94 --write
#
# seed 94: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 94 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(94)
    t1 = torch.randn((1,), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(94)
    t1 = torch.randn((1,), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []



def fn(a0):
    v1 = a0.as_strided((1,), (1,), 0)
    v2 = a0.add(v1)
    a0.unsqueeze_(-1)
    torch.set_grad_enabled(True)
    v3 = a0.view(1, 1, 1)
    a0.fill_(-1.5)
    v4 = v3.expand(2, 3, 3)
    return (v4,)


# Shrunk (python minimize.py 94):
#
# seed 94: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 2) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 94 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(94)
#     t1 = torch.randn((1,), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     a0.unsqueeze_(-1)
#     a0.fill_(-1.5)
#     return ()
#
