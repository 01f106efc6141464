# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(401).report())'
# Shrink: cd python/tests && python minimize.py 401 --write
#
# seed 401: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       wrapc vs PyTorch: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       wrapc vs PyTorch: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]

import torch

# seed 401 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(401)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[1:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0[1:2]
    v2 = a1.unsqueeze(0)
    return (v2,)


# Shrunk (python minimize.py 401):
#
# seed 401: 4 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       wrapc vs PyTorch: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'UnsqueezeBackward0'
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       wrapc vs PyTorch: got [0.0, 0.49625658988952637, 0.7682217955589294, 0.0, 0.0, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
# import torch
#
# # seed 401 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(401)
#     l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
#     t2 = l1 * 1
#     t3 = t2[:3]
#     t4 = t2[1:]
#     a0 = t3
#     a1 = t4
#     return [a0, a1], [l1]
#
#
# def fn(a0, a1):
#     v2 = a1.unsqueeze(0)
#     return (v2,)
#
