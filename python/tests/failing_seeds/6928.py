# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6928).report())'
# Shrink: cd python/tests && python minimize.py 6928 --write
#
# seed 6928: 1 unexplained difference(s)
#   direct call 1: grad_fns[1] differs from eager and from PyTorch:
#       wrapc vs eager: got 'SliceBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'SliceBackward0'
#       want 'NoneType'
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 6928 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(6928)
    l1 = torch.randn((3,), generator=g, dtype=torch.float64).requires_grad_()
    a0 = l1
    return [a0], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(6928)
    l1 = torch.randn((4,), generator=g, dtype=torch.float64).requires_grad_()
    a0 = l1
    return [a0], [l1]



def fn(a0):
    v1 = a0[1:2]
    torch.set_grad_enabled(False)
    a0.t_()
    v2 = v1.unsqueeze(1)
    v1.sub_(v1)
    v1.add_(0.5)
    v3 = v2[:, ::2]
    return (a0, v1, v3)
