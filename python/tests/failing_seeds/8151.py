# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8151).report())'
# Shrink: cd python/tests && python minimize.py 8151 --write
#
# seed 8151: 1 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SelectBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'SelectBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 8151 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(8151)
    l1 = torch.randn((5, 1, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(2, 1, 0)
    t4 = torch.randint(-5, 6, (1,), generator=g, dtype=torch.int64)
    t5 = t4.expand(2)
    a0 = t3
    a1 = t5
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.reshape(1, 5)
    v2 = a0[0]
    torch.set_grad_enabled(False)
    a0.fill_(-1.5)
    a0.mul_(0.5)
    with torch.no_grad():
        v3 = v2.view(torch.int32)
    v1.squeeze_(0)
    return (v3, v2)
