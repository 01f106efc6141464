# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(15).report())'
# Shrink: cd python/tests && python minimize.py 15 --write
#
# seed 15: 1 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on version_deltas[0]:
#       got 1
#       want 2
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 15 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(15)
    l1 = torch.randn((1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.expand(3, 5)
    t3 = torch.randn((12,), generator=g, dtype=torch.float32)
    t4 = t3[1:]
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    with torch.no_grad():
        a0.as_strided_((1, 2, 1), (1, 3, 1), 1)
    v1 = a1.mul(0.5)
    a0.as_strided_((1,), (4,), 4)
    torch.set_grad_enabled(True)
    return (v1,)


# Shrunk (python minimize.py 15):
#
# seed 15: 1 unexplained difference(s)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.
#   notes: both-raise, dynamo-refused
# import torch
#
# # seed 15 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(15)
#     l1 = torch.randn((1, 5), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1.expand(3, 5)
#     a0 = t2
#     return [a0], [l1]
#
#
# def fn(a0):
#     a0.as_strided_((1,), (4,), 4)
#     torch.set_grad_enabled(True)
#     return ()
#
