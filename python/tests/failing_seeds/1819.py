# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1819).report())'
# Shrink: cd python/tests && python minimize.py 1819 --write
#
# seed 1819: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on values[0]:
#       got [[[0.0], [0.1823800802230835], [2.182988405227661], [1.4427387714385986]]]
#       want [[[0.0], [-0.7336140275001526], [1.2669942378997803], [0.5267447233200073]]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (4, 1, 4) (actual) vs (4, 1) (expected)); wrapc differs from eager on values[0]:
#       got [[[0.0], [0.1823800802230835], [2.182988405227661], [1.4427387714385986]]]
#       want [[[0.0], [-0.7336140275001526], [1.2669942378997803], [0.5267447233200073]]]
#   notes: pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 1819 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1819)
    t1 = torch.randn((4, 4), generator=g, dtype=torch.float32)
    t2 = t1[2]
    t3 = t1[:, 2]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    v1 = a1.unsqueeze(0)
    v2 = v1.diagonal()
    a1.sub_(v2)
    v1.transpose_(0, 1)
    v3 = v2.t()
    v4 = v2.relu()
    return (v1, v3, v4, v2)
