# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2067).report())'
# Shrink: cd python/tests && python minimize.py 2067 --write
#
# seed 2067: 6 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'CopySlices'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       want [0.8036794066429138, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       wrapc vs PyTorch: got [0.49625658988952637, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       want [0.8036794066429138, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'CopyBackwards'
#       want 'CopySlices'
#       wrapc vs PyTorch: got 'CopyBackwards'
#       want 'AsStridedBackward0'
#   direct call 2: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward1'
#       want 'AsStridedBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       want [0.8036794066429138, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       wrapc vs PyTorch: got [0.49625658988952637, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#       want [0.8036794066429138, 1.402300477027893, 0.08847743272781372, 0.13203048706054688]
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 2067 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(2067)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    l3 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[1:]
    a0 = t2
    a1 = t5
    a2 = t4
    return [a0, a1, a2], [l3]


def fn(a0, a1, a2):
    a1.sub_(2.0)
    v1 = a0.clone()
    v2 = a0.expand(5)
    torch.set_grad_enabled(False)
    a1.as_strided_((1, 2, 1), (2, 1, 2), 0)
    v4 = a1.transpose(1, 0)
    torch.set_grad_enabled(True)
    return (a2, a1, v1)
