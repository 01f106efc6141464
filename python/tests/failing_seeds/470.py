# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(470).report())'
# Shrink: cd python/tests && python minimize.py 470 --write
#
# seed 470: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5, 1) (actual) vs (3, 1) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (2, 3), 2)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5, 1) (actual) vs (3, 1) (expected)); wrapc differs from eager on outputs[2]:
#       got ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (2, 3), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 1), (1, 1), 1, False, True, (2, 3), 2)
#   notes: pytorch-differs-from-eager: version_deltas, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 470 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(470)
    l1 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.expand(5)
    t4 = torch.randn((6,), generator=g, dtype=torch.float32)
    t5 = t4[::2]
    t6 = torch.randn((5,), generator=g, dtype=torch.float32)
    t7 = torch.empty(0, dtype=torch.float32).set_(t6.untyped_storage(), 1, (3,), (1,))
    t8 = torch.empty(0, dtype=torch.float32).set_(t6.untyped_storage(), 2, (2,), (1,))
    a0 = t3
    a1 = t5
    a2 = t7
    a3 = t8
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a2.squeeze()
    a2.add_(a1)
    v1.unsqueeze_(-1)
    v2 = a0.squeeze()
    return (a2, a3, v1)


# Shrunk (python minimize.py 470):
#
# seed 470: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (1,), 1, False, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 1, False, True, (1, 2), 1)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on version_deltas[1]:
#       got 0
#       want 1
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (1,), 1, False, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 1, False, True, (1, 2), 1)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (3,) (expected)); wrapc differs from eager on version_deltas[1]:
#       got 0
#       want 1
# import torch
#
# # seed 470 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(470)
#     t4 = torch.randn((6,), generator=g, dtype=torch.float32)
#     t5 = t4[::2]
#     t6 = torch.randn((5,), generator=g, dtype=torch.float32)
#     t7 = torch.empty(0, dtype=torch.float32).set_(t6.untyped_storage(), 1, (3,), (1,))
#     t8 = torch.empty(0, dtype=torch.float32).set_(t6.untyped_storage(), 2, (2,), (1,))
#     a1 = t5
#     a2 = t7
#     a3 = t8
#     return [a1, a2, a3], []
#
#
# def fn(a1, a2, a3):
#     v1 = a2.squeeze()
#     a2.add_(a1)
#     return (v1,)
#
