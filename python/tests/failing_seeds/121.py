# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(121).report())'
# Shrink: cd python/tests && python minimize.py 121 --write
#
# seed 121: 4 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#   dynamo call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#   dynamo call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.49625658988952637]
#       want [0.0, 0.0, 0.0, 0.0]
#   notes: wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 121 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(121)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    a0.zero_()
    v1 = a0[2]
    v2 = a0[3]
    v1.add_(v2)
    with torch.no_grad():
        a0.add_(2.0)
    return (v2, v1)
