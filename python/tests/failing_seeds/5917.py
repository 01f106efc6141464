# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5917).report())'
# Shrink: cd python/tests && python minimize.py 5917 --write
#
# seed 5917: 3 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, True, (3, 4), 3)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, False, (3, 4), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, True, (3, 4), 3)
#       want ('tensor', 'Tensor', torch.float32, (1, 2), (2, 1), 0, True, False, (3, 4), 3)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'UnsqueezeBackward0'
#   direct call 1: grads[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.08847743272781372, 0.13203048706054688]
#       want [0.5847340226173401, 0.9002522826194763]
#       wrapc vs PyTorch: got [0.08847743272781372, 0.13203048706054688]
#       want [0.5847340226173401, 0.9002522826194763]
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs

import torch

# seed 5917 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(5917)
    t1 = torch.randn((3, 4), generator=g, dtype=torch.float32)
    l2 = torch.randn((5,), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[:5]
    t5 = t3[3:]
    l6 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t1
    a1 = t4
    a2 = t5
    a3 = l6
    a4 = l6
    return [a0, a1, a2, a3, a4], [l2, l6]


def fn(a0, a1, a2, a3, a4):
    torch.set_grad_enabled(True)
    v1 = a4.unsqueeze(0)
    with torch.enable_grad():
        v2 = a0[2:]
        v3 = v1.clone()
    return (v1, v2, v3)
