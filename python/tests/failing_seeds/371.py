# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(371).report())'
# Shrink: cd python/tests && python minimize.py 371 --write
#
# seed 371: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 4) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 4) and has its data written: not modelled
#   notes: dynamo-refused

import torch

# seed 371 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(371)
    l1 = torch.randn((6, 2, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[::2]
    t4 = torch.randn((4, 4), generator=g, dtype=torch.float32)
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.unsqueeze(2)
    a0.copy_(a0)
    v1.squeeze_(2)
    a0.unsqueeze_(-1)
    v2 = a1.expand(4, 4)
    v3 = v2.reshape(4, 2, 2)
    v2.squeeze_(0)
    return (v1, v1)


# Shrunk (python minimize.py 371):
#
# seed 371: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 4) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 4) and has its data written: not modelled
#   notes: dynamo-refused
# import torch
#
# # seed 371 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(371)
#     l1 = torch.randn((6, 2, 1), generator=g, dtype=torch.float32)
#     t2 = l1 * 1
#     t3 = t2[::2]
#     a0 = t3
#     return [a0], []
#
#
# def fn(a0):
#     a0.copy_(a0)
#     a0.unsqueeze_(-1)
#     return ()
#
