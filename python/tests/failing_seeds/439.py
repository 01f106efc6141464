# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(439).report())'
# Shrink: cd python/tests && python minimize.py 439 --write
#
# seed 439: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (1 to 3) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #1 changes rank in place (1 to 3) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 439 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(439)
    t1 = torch.randn((1, 5, 1), generator=g, dtype=torch.float32)
    t2 = torch.randn((6,), generator=g, dtype=torch.float64)
    t3 = t2[:5]
    t4 = t2[5:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    a0.copy_(a2)
    a1.add_(a2)
    v1 = a0.mul(1.25)
    a1.unsqueeze_(-2)
    a1.as_strided_((2, 1, 2), (1, 1, 1), 0)
    v2 = a0[:, 1:2]
    v3 = a1.neg()
    return (v1, v3, v2, a0)


# Shrunk (python minimize.py 439):
#
# seed 439: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 3) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (1 to 3) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 439 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(439)
#     t2 = torch.randn((6,), generator=g, dtype=torch.float64)
#     t3 = t2[:5]
#     t4 = t2[5:]
#     a1 = t3
#     a2 = t4
#     return [a1, a2], []
#
#
# def fn(a1, a2):
#     a1.add_(a2)
#     a1.as_strided_((2, 1, 2), (1, 1, 1), 0)
#     return ()
#
