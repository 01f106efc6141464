# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5689).report())'
# Shrink: cd python/tests && python minimize.py 5689 --write
#
# seed 5689: 2 unexplained difference(s)
#   dynamo call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#   dynamo call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 5689 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5689)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[3:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.expand(3)
    v2 = a0.narrow(0, 2, 1)
    with torch.no_grad():
        v2.add_(2.0)
        v1.mul_(a1)
        v3 = a0.reshape(-1)
    v4 = v2.unsqueeze(0)
    v5 = a0[2:]
    return (v3,)
