# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8795).report())'
# Shrink: cd python/tests && python minimize.py 8795 --write
#
# seed 8795: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (1,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [1.1939173936843872, 1.8030877113342285, 1.860995888710022, 1.1652618646621704, 1.1910948753356934, 1.575042486190796, 1.630436658859253, 2.034044027328491, 1.22471022605896, 1.0144870281219482, 0.6530301570892334, 0.6751450300216675, 0.9566920399665833, 1.7997381687164307, 1.2208213806152344, 1.911...
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (1,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [1.1939173936843872, 1.8030877113342285, 1.860995888710022, 1.1652618646621704, 1.1910948753356934, 1.575042486190796, 1.630436658859253, 2.034044027328491, 1.22471022605896, 1.0144870281219482, 0.6530301570892334, 0.6751450300216675, 0.9566920399665833, 1.7997381687164307, 1.2208213806152344, 1.911...
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (1,) (expected)); wrapc differs from eager on version_deltas[0]:
#       got 0
#       want 1
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 8795 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8795)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 4, (2,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 4, (1,), (1,))
    l4 = torch.randn((1, 3, 2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4.expand(3, 3, 2, 4)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]


def fn(a0, a1, a2):
    a0.zero_()
    v1 = a1[:]
    return (v1, a1, a2)
