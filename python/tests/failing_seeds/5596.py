# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5596).report())'
# Shrink: cd python/tests && python minimize.py 5596 --write
#
# seed 5596: 3 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4, 2), (1, 4), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 2), (1, 4), 0, True, False, (1,), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4, 2), (1, 4), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (4, 2), (1, 4), 0, True, False, (1,), 1)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'TBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'TBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084]
#       want [0.9518845677375793, 0.7207837104797363, 0.6563162803649902, 0.8918107151985168, 0.7905475497245789, 0.30088943243026733, 0.9279671311378479, 1.4149665832519531]
#       wrapc vs PyTorch: got [0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084]
#       want [0.9518845677375793, 0.7207837104797363, 0.6563162803649902, 0.8918107151985168, 0.7905475497245789, 0.30088943243026733, 0.9279671311378479, 1.4149665832519531]
#   notes: pytorch-differs-from-eager: grad_enabled, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 5596 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(5596)
    t1 = torch.randn((1, 2, 4, 5), generator=g, dtype=torch.float32)
    l2 = torch.randn((2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    a0 = t1
    a1 = t3
    return [a0, a1], [l2]


def fn(a0, a1):
    a0.add_(a0)
    torch.set_grad_enabled(True)
    v1 = a1.t()
    v2 = a1.view(-1)
    v3 = a1.clone()
    return (v1, a1)
