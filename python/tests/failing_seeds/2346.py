# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2346).report())'
# Shrink: cd python/tests && python minimize.py 2346 --write
#
# seed 2346: 1 unexplained difference(s)
#   direct call 2: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'AsStridedBackward0'
#       want 'SqueezeBackward1'
#       wrapc vs PyTorch: got 'AsStridedBackward0'
#       want 'NoneType'
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2346 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(2346)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    t4 = torch.randn((3,), generator=g, dtype=torch.float32)
    t5 = t4.view(1, 3)
    a0 = t3
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a1.add_(a1)
    torch.set_grad_enabled(True)
    v1 = a1.mul(1.25)
    a0.unsqueeze_(2)
    v2 = a2.view(1, 3, 1)
    v3 = a0.squeeze(2)
    with torch.enable_grad():
        a1.mul_(v1)
        v4 = v2.narrow(2, 0, 1)
        a1.zero_()
    v5 = v4.flatten()
    return (v3,)
