# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(344).report())'
# Shrink: cd python/tests && python minimize.py 344 --write
#
# seed 344: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 1) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 344 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(344)
    t1 = torch.randn((1, 3), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []


def fn(a0):
    a0.as_strided_((1,), (1,), 1)
    with torch.no_grad():
        v1 = a0.add(a0)
        v2 = a0.t()
    v1.sub_(a0)
    v2.t_()
    v3 = v2.t()
    with torch.no_grad():
        v3.as_strided_((1,), (4,), 2)
        v2.fill_(3.0)
        v4 = v1.expand(2)
    a0.fill_(3.0)
    return (v3,)


# Shrunk (python minimize.py 344):
#
# seed 344: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (2 to 1) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 344 (attempt 1): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(344)
#     t1 = torch.randn((1, 3), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     a0.as_strided_((1,), (1,), 1)
#     a0.fill_(3.0)
#     return ()
#
