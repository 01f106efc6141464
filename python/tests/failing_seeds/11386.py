# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11386).report())'
# Shrink: cd python/tests && python minimize.py 11386 --write
#
# seed 11386: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[1]:
#       got [0.0, 0.0, 0.0, 0.0]
#       want None
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[1]:
#       got [0.0, 0.0, 0.0, 0.0]
#       want None
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: version_deltas, pytorch-raises-wrapc-output-of-the-compiled-graph: grad_fns, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 11386 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(11386)
    l1 = torch.randn((1, 1, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3[::2]
    t5 = torch.randn((5,), generator=g, dtype=torch.float32)
    t6 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 3, (1,), (1,))
    t7 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 1, (1,), (1,))
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1, l3]


def fn(a0, a1, a2, a3):
    v1 = a0[0]
    with torch.no_grad():
        a0.fill_(0.5)
    v2 = v1[0]
    v1.as_strided_((3,), (2,), 0)
    v3 = a3.unsqueeze(0)
    v4 = v1.sin()
    with torch.no_grad():
        a1.mul_(0.5)
        v5 = v4.squeeze()
        v6 = a1.add(-1.5)
    return (v3, v2, v6, v4)
