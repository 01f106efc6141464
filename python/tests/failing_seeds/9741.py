# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9741).report())'
# Shrink: cd python/tests && python minimize.py 9741 --write
#
# seed 9741: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'NegBackward0'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'CompiledFunctionBackward'
#       want 'ViewBackward0'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'NegBackward0'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'CompiledFunctionBackward'
#       want 'ViewBackward0'
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'NegBackward0'
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'CompiledFunctionBackward'
#       want 'ViewBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'CompiledFunctionBackward'
#       want 'NegBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'CompiledFunctionBackward'
#       want 'ViewBackward0'

import torch

# seed 9741 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9741)
    l1 = torch.randn((2, 4, 1, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    a0 = t2
    return [a0], [l1]


def fn(a0):
    with torch.no_grad():
        a0.mul_(a0)
    v1 = a0.add(a0)
    v2 = a0.neg()
    with torch.enable_grad():
        v3 = v1[:, 1:]
    v4 = v3.view(1, 3, 1, 2, 1)
    return (v2, v4, a0)
