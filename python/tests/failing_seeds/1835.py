# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1835).report())'
# Shrink: cd python/tests && python minimize.py 1835 --write
#
# seed 1835: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 1835 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(1835)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    l4 = torch.randn((8,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[1:]
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l4]

def make_grown_inputs():
    g = torch.Generator().manual_seed(1835)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 2, (2,), (1,))
    l4 = torch.randn((9,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[1:]
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l4]



def fn(a0, a1, a2, a3):
    a0.squeeze_(0)
    a3.add_(a3)
    v1 = a0.mul(a0)
    v2 = a3[2:]
    a1.t_()
    return (v2, v2)
