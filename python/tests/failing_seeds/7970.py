# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7970).report())'
# Shrink: cd python/tests && python minimize.py 7970 --write
#
# seed 7970: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (11,) (expected)); wrapc differs from eager on grad_fns[3]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (11,) (expected)); wrapc differs from eager on grad_fns[3]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 7970 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(7970)
    t1 = torch.randn((1,), generator=g, dtype=torch.float32)
    l2 = torch.randn((12,), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1:]
    a0 = t1
    a1 = t1
    a2 = t3
    a3 = t4
    return [a0, a1, a2, a3], [l2]

def make_grown_inputs():
    g = torch.Generator().manual_seed(7970)
    t1 = torch.randn((1,), generator=g, dtype=torch.float32)
    l2 = torch.randn((13,), generator=g, dtype=torch.float64).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1:]
    a0 = t1
    a1 = t1
    a2 = t3
    a3 = t4
    return [a0, a1, a2, a3], [l2]



def fn(a0, a1, a2, a3):
    a3.fill_(0.5)
    with torch.no_grad():
        a1.mul_(a1)
        v1 = a3.unsqueeze(0)
    v2 = v1.squeeze(0)
    return (v2, v1, a0, a2)
