# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1947).report())'
# Shrink: cd python/tests && python minimize.py 1947 --write
#
# seed 1947: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: shape '[5, 1]' is invalid for input of size 6); wrapc differs from eager on grad_fns[0]:
#       got 'TransposeBackward0'
#       want 'TransposeBackward1'
#   direct call 1: PyTorch raises (RuntimeError: shape '[5, 1]' is invalid for input of size 6); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   direct call 2: PyTorch raises (RuntimeError: shape '[5, 1]' is invalid for input of size 6); wrapc differs from eager on grad_fns[0]:
#       got 'TransposeBackward0'
#       want 'TransposeBackward1'
#   direct call 2: PyTorch raises (RuntimeError: shape '[5, 1]' is invalid for input of size 6); wrapc differs from eager on grad_fns[1]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 1947 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1947)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    a0.add_(1.25)
    v2 = a0.view(5, 1)
    v2.transpose_(0, 1)
    torch.set_grad_enabled(False)
    return (v2, a1)
