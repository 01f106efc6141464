# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(333).report())'
# Shrink: cd python/tests && python minimize.py 333 --write
#
# seed 333: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 333 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(333)
    t1 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t2 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 3, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 3, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    v2 = a0.t()
    v3 = a1.add(a0)
    v4 = v2.permute(0)
    a0.add_(a1)
    return (v2, v3)


# Shrunk (python minimize.py 333):
#
# seed 333: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.int64, (1,), (1,), 3, False, True, (0, 1), 0)
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (5,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
# import torch
#
# # seed 333 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(333)
#     t1 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
#     t2 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 3, (1,), (1,))
#     t3 = torch.empty(0, dtype=torch.int64).set_(t1.untyped_storage(), 3, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v2 = a0.t()
#     a0.add_(a1)
#     return (v2,)
#
