# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6907).report())'
# Shrink: cd python/tests && python minimize.py 6907 --write
#
# seed 6907: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2, 4].  Tensor sizes: [3, 4]); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   direct call 2: PyTorch raises (RuntimeError: The expanded size of the tensor (2) must match the existing size (3) at non-singleton dimension 0.  Target sizes: [2, 4].  Tensor sizes: [3, 4]); wrapc differs from eager on grad_fns[0]:
#       got 'AsStridedBackward0'
#       want 'ExpandBackward0'
#   notes: dynamo-refused, pytorch-raises-wrapc-as-pytorch-on-the-rest: inputs_after, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 6907 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6907)
    l1 = torch.randn((9,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(3, 3)
    l4 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[0]
    t7 = t5[:, 3]
    a0 = t3
    a1 = t2
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1, l4]


def fn(a0, a1, a2, a3):
    with torch.no_grad():
        a1.copy_(a1)
        a3.mul_(1.25)
        v1 = a0.mul(3.0)
    v2 = a2.expand(2, 4)
    a1.mul_(1.25)
    a0.t_()
    with torch.no_grad():
        a0.zero_()
        v3 = a0.reshape(9)
    return (v2, v1, a0, v3)
