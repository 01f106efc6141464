# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5929).report())'
# Shrink: cd python/tests && python minimize.py 5929 --write
#
# seed 5929: 2 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.08847743272781372]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.08847743272781372]
#       want [0.0, 0.0, 0.7682217955589294, 0.0]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.7682217955589294, 0.08847743272781372]
#       want [0.0, 0.49625658988952637, 0.7682217955589294, 0.08847743272781372]
#       wrapc vs PyTorch: got [0.0, 0.0, 0.7682217955589294, 0.08847743272781372]
#       want [0.0, 0.0, 0.7682217955589294, 0.0]
#   notes: pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 5929 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=True; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5929)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t3
    return [a0, a1], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(5929)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t3
    a1 = t3
    return [a0, a1], [l1]



def fn(a0, a1):
    v1 = a1.diagonal()
    v2 = a1.diagonal()
    v3 = v2[:]
    v2.as_strided_((3,), (1,), 1)
    v4 = v2.reshape(-1)
    with torch.no_grad():
        v4.t_()
    return (v4,)
