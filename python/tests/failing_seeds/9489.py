# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(9489).report())'
# Shrink: cd python/tests && python minimize.py 9489 --write
#
# seed 9489: 5 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5, 3, 1), (15, 3, 1, 1), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5, 3, 1), (15, 3, 1, 1), 0, True, False, (1,), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5, 3, 1), (15, 3, 1, 1), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5, 3, 1), (15, 3, 1, 1), 0, True, False, (1,), 1)
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (5, 5, 3), (15, 3, 1), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5, 3), (15, 3, 1), 0, True, False, (1,), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (5, 5, 3), (15, 3, 1), 0, True, True, (1,), 1)
#       want ('tensor', 'Tensor', torch.float32, (5, 5, 3), (15, 3, 1), 0, True, False, (1,), 1)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'UnsqueezeBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'UnsqueezeBackward0'
#   direct call 1: grad_fns[2] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'SelectBackward0'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'SelectBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [1.8823567628860474, 1.1990145444869995, 0.1304173469543457, 1.0919924974441528, 0.37439465522766113, 0.06804585456848145, 1.888492465019226, 1.760359764099121, 0.0024720430374145508, 1.1871720552444458, 0.8315399885177612, 0.8354388475418091, 0.5422431230545044, 1.3845561742782593, 0.40769648551940...
#       want [2.4106874465942383, 2.0452322959899902, 0.6174764037132263, 1.9982259273529053, 1.4521379470825195, 0.719908595085144, 3.190476894378662, 2.765549898147583, 0.8523948788642883, 2.1167421340942383, 1.5841257572174072, 1.6389847993850708, 0.6158939003944397, 1.6216962337493896, 1.123345136642456, 2.3...
#       wrapc vs PyTorch: got [1.8823567628860474, 1.1990145444869995, 0.1304173469543457, 1.0919924974441528, 0.37439465522766113, 0.06804585456848145, 1.888492465019226, 1.760359764099121, 0.0024720430374145508, 1.1871720552444458, 0.8315399885177612, 0.8354388475418091, 0.5422431230545044, 1.3845561742782593, 0.40769648551940...
#       want [2.4106874465942383, 2.0452322959899902, 0.6174764037132263, 1.9982259273529053, 1.4521379470825195, 0.719908595085144, 3.190476894378662, 2.765549659729004, 0.8523948788642883, 2.1167421340942383, 1.5841257572174072, 1.6389847993850708, 0.6158939003944397, 1.6216962337493896, 1.123345136642456, 2.3...
#   notes: pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 9489 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(9489)
    t1 = torch.randn((4, 2), generator=g, dtype=torch.float32)
    l2 = torch.randn((5, 1, 5, 3), generator=g, dtype=torch.float32).requires_grad_()
    a0 = t1
    a1 = l2
    return [a0, a1], [l2]


def fn(a0, a1):
    torch.set_grad_enabled(True)
    v1 = a1.select(1, 0)
    v2 = a0.sin()
    v3 = v1.unsqueeze(3)
    a0.sub_(a0)
    v4 = v1.add(v1)
    return (v3, v4, v1)
