# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8308).report())'
# Shrink: cd python/tests && python minimize.py 8308 --write
#
# seed 8308: 3 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   dynamo call 3: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_enabled:
#       got True
#       want False
#   notes: pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 8308 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8308)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[:6]
    t3 = t1[0:]
    l4 = torch.randn((1, 5, 1), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4.permute(2, 1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]

def make_grown_inputs():
    g = torch.Generator().manual_seed(8308)
    t1 = torch.randn((7,), generator=g, dtype=torch.float32)
    t2 = t1[:6]
    t3 = t1[0:]
    l4 = torch.randn((1, 6, 1), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4.permute(2, 1, 0)
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], [l4]



def fn(a0, a1, a2):
    v1 = a2[:, :, :]
    torch.set_grad_enabled(False)
    a2.mul_(v1)
    v2 = v1.view(torch.int32)
    a1.add_(a1)
    v3 = v2.view(-1)
    return (v2, v2, a2)
