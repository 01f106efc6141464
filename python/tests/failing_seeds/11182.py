# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11182).report())'
# Shrink: cd python/tests && python minimize.py 11182 --write
#
# seed 11182: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 1) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'TBackward0'
#       want 'TBackward1'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1, 1) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'TBackward0'
#       want 'TBackward1'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 11182 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(11182)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1]
    t4 = t2[:, 2]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.t()
    v1.mul_(0.5)
    v2 = a0[2:]
    v2.t_()
    with torch.enable_grad():
        v3 = v2.clone()
    with torch.enable_grad():
        v4 = v2.view(1, 1)
        v5 = v2.narrow(0, 0, 1)
    return (v5, v2)
