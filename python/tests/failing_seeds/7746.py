# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7746).report())'
# Shrink: cd python/tests && python minimize.py 7746 --write
#
# seed 7746: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads

import torch

# seed 7746 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(7746)
    l1 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    l4 = torch.randn((1,), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t3
    a1 = l4
    return [a0, a1], [l1, l4]


def fn(a0, a1):
    a0.zero_()
    v1 = a1.expand(2, 3)
    v2 = v1.sum()
    torch.set_grad_enabled(True)
    v2.t_()
    v2.copy_(v2)
    v2.add_(v2)
    return (v1, v2)
