# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3165).report())'
# Shrink: cd python/tests && python minimize.py 3165 --write
#
# seed 3165: 1 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'UnsqueezeBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'UnsqueezeBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 3165 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(3165)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:5]
    t4 = t2[5:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0[1]
    v2 = a1.sub(a1)
    torch.set_grad_enabled(False)
    v1.mul_(v1)
    v1.unsqueeze_(0)
    return (v2, v1)
