# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10064).report())'
# Shrink: cd python/tests && python minimize.py 10064 --write
#
# seed 10064: 1 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'TBackward0'
#       want 'TBackward1'
#       wrapc vs PyTorch: got 'TBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 10064 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(10064)
    l1 = torch.randn((4, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    a0 = t3
    return [a0], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(10064)
    l1 = torch.randn((5, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    a0 = t3
    return [a0], [l1]



def fn(a0):
    torch.set_grad_enabled(True)
    a0.mul_(-1.5)
    v1 = a0.permute(1, 0)
    v1.t_()
    v2 = v1.view(-1)
    v3 = v2.narrow(0, 3, 1)
    torch.set_grad_enabled(False)
    return (v2, v1, v3, a0)
