# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9110).report())'
# Shrink: cd python/tests && python minimize.py 9110 --write
#
# seed 9110: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[3, 3, 3]]
#       want [[2, 2, 2]]
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[2]:
#       got [[3, 3, 3]]
#       want [[2, 2, 2]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[0]:
#       got [[3, 3, 3]]
#       want [[2, 2, 2]]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on values[2]:
#       got [[3, 3, 3]]
#       want [[2, 2, 2]]
#   notes: pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, pytorch-raises-wrapc-as-pytorch-on-the-rest: input_values, pytorch-raises-wrapc-as-pytorch-on-the-rest: memory, pytorch-raises-wrapc-as-pytorch-on-the-rest: values, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 9110 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9110)
    t1 = torch.randint(-5, 6, (3, 3), generator=g, dtype=torch.int64)
    t2 = t1[1]
    t3 = t1[:, 1]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a0.fill_(1)
    v1 = a0.t()
    v2 = a0.expand(3)
    v3 = v2.expand(2, 3)
    v3.fill_(2)
    v4 = v3.sum()
    torch.set_grad_enabled(True)
    return (a0, v4, v1)
