# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3375).report())'
# Shrink: cd python/tests && python minimize.py 3375 --write
#
# seed 3375: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 4) (actual) vs (4,) (expected)); wrapc differs from eager on values[0]:
#       got [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 1.2686514854431152]]
#       want [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 2.146777391433716]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 4) (actual) vs (4,) (expected)); wrapc differs from eager on values[0]:
#       got [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 1.2686514854431152]]
#       want [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 2.146777391433716]]
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 4) (actual) vs (4,) (expected)); wrapc differs from eager on values[0]:
#       got [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 1.2686514854431152]]
#       want [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 2.146777391433716]]
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 4) (actual) vs (4,) (expected)); wrapc differs from eager on values[0]:
#       got [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 1.2686514854431152]]
#       want [[1.2165136337280273, -2.0852651596069336, -0.14549300074577332, 2.146777391433716]]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory

import torch

# seed 3375 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3375)
    l1 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[0]
    t4 = t2[:, 3]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    a1.add_(a0)
    v1 = a1.squeeze()
    return (v1,)
