# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2274).report())'
# Shrink: cd python/tests && python minimize.py 2274 --write
#
# seed 2274: 8 unexplained difference(s)
#   direct call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 1: version_deltas[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   direct call 2: version_deltas[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 2
#   dynamo call 1: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 1
#   dynamo call 1: version_deltas[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 1
#   dynamo call 2: version_deltas[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 1
#   dynamo call 2: version_deltas[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 3
#       want 2
#       wrapc vs PyTorch: got 3
#       want 1
#   notes: pytorch-differs-from-eager: output_sharing, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: values

import torch

# seed 2274 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2274)
    t1 = torch.randn((5, 3), generator=g, dtype=torch.float32)
    t2 = torch.randint(-5, 6, (8, 4, 3), generator=g, dtype=torch.int64)
    t3 = t2[::2]
    a0 = t1
    a1 = t3
    a2 = t3
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    v1 = a2.sum(1)
    a2.zero_()
    v2 = a1.view(4, 4, 3, 1)
    v3 = v2.contiguous()
    v1.unsqueeze_(1)
    v3.mul_(v2)
    v2.add_(1)
    return (a2, v3)
