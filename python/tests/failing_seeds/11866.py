# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11866).report())'
# Shrink: cd python/tests && python minimize.py 11866 --write
#
# seed 11866: 2 unexplained difference(s)
#   direct call 1: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'PermuteBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'PermuteBackward0'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[3] differs from eager and from PyTorch:
#       wrapc vs eager: got 'PermuteBackward0'
#       want 'TransposeBackward1'
#       wrapc vs PyTorch: got 'PermuteBackward0'
#       want 'AsStridedBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 11866 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(11866)
    l1 = torch.randn((5, 4, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(2, 1, 0)
    t4 = torch.randn((8,), generator=g, dtype=torch.float32)
    t5 = t4.view(4, 2)
    a0 = t3
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a0.transpose_(0, 1)
    a0.transpose_(0, 1)
    with torch.no_grad():
        a2.as_strided_((2, 1, 1), (3, 1, 2), 0)
    a1.mul_(1.25)
    v1 = a2[1:]
    return (v1, a1, a2, a0)
