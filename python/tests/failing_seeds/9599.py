# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9599).report())'
# Shrink: cd python/tests && python minimize.py 9599 --write
#
# seed 9599: 3 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, False, True, (), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (1,), 0, True, False, (), None)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'MulBackward0'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got None
#       want [0.0, 0.0, -0.1565123200416565, -1.6990141868591309, 0.06390142440795898]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs

import torch

# seed 9599 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9599)
    l1 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[:2]
    t3 = l1[2:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(True)
    with torch.no_grad():
        a1.mul_(1.25)
    v1 = a1.mul(a1)
    return (v1,)
