# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9849).report())'
# Shrink: cd python/tests && python minimize.py 9849 --write
#
# seed 9849: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 3), (3, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 3), (3, 1), 0, False, True, (0,), None)
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 3), (3, 1), 0, False, True, (0,), 0)
#       want ('tensor', 'Tensor', torch.float32, (3, 3), (3, 1), 0, False, True, (0,), None)
#   notes: pytorch-raises-wrapc-equals-eager

import torch

# seed 9849 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(9849)
    t1 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    l2 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2[:5]
    t4 = l2[1:]
    a0 = t1
    a1 = t3
    a2 = t4
    return [a0, a1, a2], [l2]


def fn(a0, a1, a2):
    with torch.no_grad():
        v1 = a2.add(a2)
        a1.add_(a1)
    v3 = a1.expand(1, 5)
    with torch.enable_grad():
        v4 = a2.sin()
    v5 = v3.view(-1)
    v6 = a0.contiguous()
    return (v6,)
