# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6725).report())'
# Shrink: cd python/tests && python minimize.py 6725 --write
#
# seed 6725: 2 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'MulBackward0'
#       want 'ZeroBackward0'
#       wrapc vs PyTorch: got 'MulBackward0'
#       want 'CopyBackwards'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       want [0.0, 0.0, 0.0, 0.0, 0.0]
#       wrapc vs PyTorch: got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745]
#       want [0.0, 0.0, 0.0, 0.0, 0.0]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 6725 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(6725)
    l1 = torch.randn((1, 1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((1, 4, 1), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    l5 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[::2]
    a0 = t2
    a1 = t4
    a2 = t7
    a3 = t6
    return [a0, a1, a2, a3], [l1, l3, l5]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6725)
    l1 = torch.randn((1, 1, 6), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((1, 5, 1), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    l5 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t6 = l5 * 1
    t7 = t6[::2]
    a0 = t2
    a1 = t4
    a2 = t7
    a3 = t6
    return [a0, a1, a2, a3], [l1, l3, l5]



def fn(a0, a1, a2, a3):
    v1 = a2.unsqueeze(0)
    v2 = a0.sin()
    torch.set_grad_enabled(True)
    v3 = a0.clone()
    a0.zero_()
    v4 = a1.mul(a3)
    with torch.no_grad():
        v5 = a2.t()
        a1.fill_(1.25)
    return (a0, v5)
