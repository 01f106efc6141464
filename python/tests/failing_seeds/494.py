# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(494).report())'
# Shrink: cd python/tests && python minimize.py 494 --write
#
# seed 494: 2 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 1
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 1
#       wrapc vs PyTorch: got 3
#       want 2
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 494 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(494)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 4, (2,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    torch.set_grad_enabled(False)
    a1.add_(3.0)
    with torch.no_grad():
        v1 = a0.mul(a0)
    v2 = a0.neg()
    with torch.no_grad():
        a0.set_(a1)
    v3 = v2.mul(v2)
    v4 = a1.permute(0)
    return a1


# Shrunk (python minimize.py 494):
#
# seed 494: 2 unexplained difference(s)
#   direct call 1: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   direct call 2: version_deltas[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 1
#       want 0
#       wrapc vs PyTorch: got 1
#       want 0
#   notes: wrapc-equals-eager-where-pytorch-differs: version_deltas
# import torch
#
# # seed 494 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(494)
#     t1 = torch.randn((6,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (1,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 4, (2,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     a1.add_(3.0)
#     return ()
#
