# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10804).report())'
# Shrink: cd python/tests && python minimize.py 10804 --write
#
# seed 10804: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'MulBackward0'
#   direct call 2: PyTorch raises (IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'MulBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 10804 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(10804)
    l1 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(3, 4)
    t4 = torch.randn((4, 4), generator=g, dtype=torch.float32)
    t5 = torch.randn((2, 4), generator=g, dtype=torch.float32)
    a0 = t3
    a1 = t2
    a2 = t4
    a3 = t5
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a2.mul_(3.0)
    v1 = a2.squeeze()
    v2 = a0.view(torch.int32)
    v2.mul_(3)
    a3.add_(a3)
    v2.zero_()
    v3 = a2.view(2, 2, 4)
    v2.transpose_(0, 1)
    return (v3, a1, v1, v2)
