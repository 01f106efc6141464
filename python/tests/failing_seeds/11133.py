# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11133).report())'
# Shrink: cd python/tests && python minimize.py 11133 --write
#
# seed 11133: 1 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'UnsqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 11133 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(11133)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[0:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.clone()
    v2 = a0.to(torch.float32)
    v3 = v1.sin()
    v2.unsqueeze_(-2)
    torch.set_grad_enabled(False)
    v4 = a0.t()
    return (a1, a0)
