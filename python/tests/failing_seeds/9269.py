# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9269).report())'
# Shrink: cd python/tests && python minimize.py 9269 --write
#
# seed 9269: 4 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.491843581199646, 0.444957435131073, -0.6320732235908508, 0.4810297191143036, -0.7387189269065857]]
#       want [[-1.491843581199646, -0.6320732235908508, -0.7387189269065857, -2.8798108100891113, 0.8767712712287903]]
#       wrapc vs PyTorch: got [[-1.491843581199646, 0.444957435131073, -0.6320732235908508, 0.4810297191143036, -0.7387189269065857]]
#       want [[-1.491843581199646, -0.6320732235908508, -0.7387189269065857, -2.8798108100891113, 0.8767712712287903]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (2,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (2,), 0, False, True, (0,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[-1.491843581199646, 0.444957435131073, -0.6320732235908508, 0.4810297191143036, -0.7387189269065857]]
#       want [[-1.491843581199646, -0.6320732235908508, -0.7387189269065857, -2.8798108100891113, 0.8767712712287903]]
#       wrapc vs PyTorch: got [[-1.491843581199646, 0.444957435131073, -0.6320732235908508, 0.4810297191143036, -0.7387189269065857]]
#       want [[-1.491843581199646, -0.6320732235908508, -0.7387189269065857, -2.8798108100891113, 0.8767712712287903]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (2,), 0, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5,), (1,), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (5,), (2,), 0, False, True, (0,), None)
#   notes: pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: values, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 9269 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(9269)
    t1 = torch.randn((10,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    t3 = torch.randn((2, 2, 4), generator=g, dtype=torch.float32)
    t4 = t3[1:]
    t5 = torch.randn((4,), generator=g, dtype=torch.float32)
    t6 = t5[:4]
    t7 = t5[0:]
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(9269)
    t1 = torch.randn((11,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    t3 = torch.randn((3, 3, 5), generator=g, dtype=torch.float32)
    t4 = t3[1:]
    t5 = torch.randn((5,), generator=g, dtype=torch.float32)
    t6 = t5[:4]
    t7 = t5[0:]
    a0 = t2
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], []



def fn(a0, a1, a2, a3):
    a3.fill_(0.5)
    v1 = a0.view(-1)
    v1.add_(a0)
    v2 = a1.as_strided((1, 1, 2), (3, 2, 4), 3)
    v3 = v2.detach()
    v2.fill_(0.5)
    torch.set_grad_enabled(True)
    return (v1, v2, a0, v3)
