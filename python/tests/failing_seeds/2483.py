# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2483).report())'
# Shrink: cd python/tests && python minimize.py 2483 --write
#
# seed 2483: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'AddBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'AddBackward0'
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2483 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(2483)
    l1 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[::2]
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.add(a0)
    torch.set_grad_enabled(False)
    v2 = a0.reshape(1, 1)
    a0.add_(0.5)
    v3 = a0.squeeze(0)
    v2.fill_(3.0)
    return (v1,)
