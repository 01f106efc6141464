# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(145).report())'
# Shrink: cd python/tests && python minimize.py 145 --write
#
# seed 145: 2 unexplained difference(s)
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   notes: dynamo-refused, pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: inputs_after, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 145 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(145)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t4 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t5 = t4.permute(1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(145)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    t4 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t5 = t4.permute(1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], []



def fn(a0, a1, a2):
    v1 = a0.sum(0)
    v2 = a1.mul(a1)
    a0.copy_(v1)
    v3 = v1.unsqueeze(0)
    v4 = v3.reshape(1, 1)
    v5 = a2[:, 1::2]
    with torch.no_grad():
        a1.set_(a2)
    return (v2, v4)


# Shrunk (python minimize.py 145):
#
# seed 145: 2 unexplained difference(s)
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 0
#       want 1
#       wrapc vs PyTorch: got 0
#       want 1
#   notes: dynamo-refused, pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: inputs_after, wrapc-equals-eager-where-pytorch-differs: version_deltas
# import torch
#
# # seed 145 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(145)
#     t1 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
#     t4 = torch.randn((2, 2), generator=g, dtype=torch.float32)
#     t5 = t4.permute(1, 0)
#     a0 = t2
#     a1 = t3
#     a2 = t5
#     return [a0, a1, a2], []
#
#
# def fn(a0, a1, a2):
#     v1 = a0.sum(0)
#     a0.copy_(v1)
#     a1.set_(a2)
#     return ()
#
