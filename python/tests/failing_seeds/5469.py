# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5469).report())'
# Shrink: cd python/tests && python minimize.py 5469 --write
#
# seed 5469: 1 unexplained difference(s)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'TBackward0'
#       want 'AsStridedBackward0'
#       wrapc vs PyTorch: got 'TBackward0'
#       want 'NoneType'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 5469 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5469)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[4:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.no_grad():
        v1 = a0.add(a0)
    v2 = a0.squeeze()
    v3 = v1.as_strided((2, 2), (2, 1), 0)
    v2.add_(-1.5)
    torch.set_grad_enabled(False)
    v4 = v2.neg()
    v5 = a0.relu()
    v2.t_()
    return (v2, a1)
