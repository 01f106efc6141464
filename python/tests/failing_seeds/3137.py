# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3137).report())'
# Shrink: cd python/tests && python minimize.py 3137 --write
#
# seed 3137: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1, 1) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 2) (actual) vs (1, 1) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   notes: wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3137 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3137)
    t1 = torch.randn((1, 3), generator=g, dtype=torch.float32)
    t2 = t1.expand(2, 3)
    l3 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[::2]
    a0 = t2
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    v1 = a1.unsqueeze(0)
    v2 = a0.reshape(2, 3, 1)
    a1.copy_(a1)
    v2.transpose_(0, 1)
    v3 = a1[::2]
    return (v1, a2, a0)
