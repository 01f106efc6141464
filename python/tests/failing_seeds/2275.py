# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2275).report())'
# Shrink: cd python/tests && python minimize.py 2275 --write
#
# seed 2275: 2 unexplained difference(s)
#   direct call 1: grads[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want [0.0, 0.0, 0.0, 0.0, 0.0, 0.49625658988952637]
#   direct call 2: grads[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want None
#       wrapc vs PyTorch: got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want None
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 2275 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2275)
    t1 = torch.randn((5, 1, 4), generator=g, dtype=torch.float32)
    l2 = torch.randn((4, 4), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[3]
    t5 = t3[:, 3]
    l6 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t7 = l6 * 1
    t8 = t7[:5]
    t9 = t7[5:]
    a0 = t1
    a1 = t4
    a2 = t5
    a3 = t8
    a4 = t9
    return [a0, a1, a2, a3, a4], [l2, l6]


def fn(a0, a1, a2, a3, a4):
    with torch.no_grad():
        a1.set_(a4)
    a3.fill_(2.0)
    v1 = a4.view(1, 1)
    v2 = v1.contiguous()
    torch.set_grad_enabled(True)
    v3 = v2.as_strided((1,), (3,), 4)
    v4 = a2.t()
    return (v2, v3, a1)
