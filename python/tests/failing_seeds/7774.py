# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7774).report())'
# Shrink: cd python/tests && python minimize.py 7774 --write
#
# seed 7774: 2 unexplained difference(s)
#   dynamo call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   dynamo call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'ViewBackward0'
#   notes: pytorch-differs-from-eager: output_sharing, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: values, pytorch-differs-from-eager: version_deltas

import torch

# seed 7774 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(7774)
    t1 = torch.randn((5, 1), generator=g, dtype=torch.float32)
    t2 = t1.permute(1, 0)
    l3 = torch.randn((1, 2), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    a0 = t2
    a1 = t4
    return [a0, a1], [l3]


def fn(a0, a1):
    a1.copy_(a1)
    a0.fill_(3.0)
    with torch.enable_grad():
        v1 = a1.reshape(2)
    v2 = a0.sum(0)
    torch.set_grad_enabled(True)
    return (v1, v2, a0, a1)
