# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1846).report())'
# Shrink: cd python/tests && python minimize.py 1846 --write
#
# seed 1846: 1 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 1846 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1846)
    t1 = torch.randn((2,), generator=g, dtype=torch.float32)
    l2 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    a0 = t1
    a1 = t3
    return [a0, a1], [l2]


def fn(a0, a1):
    v1 = a1.sum(0)
    v2 = a1.narrow(0, 1, 1)
    torch.set_grad_enabled(False)
    v2.copy_(v2)
    v3 = a0.add(v2)
    a1.add_(3.0)
    return (v2, v1)
