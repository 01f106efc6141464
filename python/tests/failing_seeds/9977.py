# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9977).report())'
# Shrink: cd python/tests && python minimize.py 9977 --write
#
# seed 9977: 1 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'TBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'TBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 9977 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9977)
    t1 = torch.randn((1, 3), generator=g, dtype=torch.float32)
    l2 = torch.randn((4, 2), generator=g, dtype=torch.float64).requires_grad_()
    a0 = t1
    a1 = l2
    a2 = l2
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    v1 = a1.t()
    torch.set_grad_enabled(False)
    a2.fill_(0.5)
    v3 = a0.as_strided((1, 1), (4, 4), 0)
    torch.set_grad_enabled(False)
    return v1
