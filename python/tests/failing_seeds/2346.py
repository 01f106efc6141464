# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2346).report())'
# Shrink: cd python/tests && python minimize.py 2346 --write
#
# seed 2346: 3 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (4, 3), (1, 4), 0, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (1, 4), 0, True, False, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (4, 3), (1, 4), 0, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (4, 3), (1, 4), 0, True, False, (0,), None)
#   direct call 1: grad_fns[0] differs from eager and from PyTorch:
#       wrapc vs eager: got 'NoneType'
#       want 'SqueezeBackward1'
#       wrapc vs PyTorch: got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got None
#       want [0.49625658988952637, 0.13203048706054688, 0.4900934100151062, 0.6323062777519226, 0.7682217955589294, 0.30742281675338745, 0.8964447379112244, 0.3488934636116028, 0.08847743272781372, 0.6340786814689636, 0.455627977848053, 0.40171730518341064]
#       wrapc vs PyTorch: got None
#       want [0.49625658988952637, 0.13203048706054688, 0.4900934100151062, 0.6323062777519226, 0.7682217955589294, 0.30742281675338745, 0.8964447379112244, 0.3488934636116028, 0.08847743272781372, 0.6340786814689636, 0.455627977848053, 0.40171730518341064]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, pytorch-differs-from-eager: grads, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_enabled

import torch

# seed 2346 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True

def make_inputs():
    g = torch.Generator().manual_seed(2346)
    l1 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.permute(1, 0)
    t4 = torch.randn((3,), generator=g, dtype=torch.float32)
    t5 = t4.view(1, 3)
    a0 = t3
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]


def fn(a0, a1, a2):
    a1.add_(a1)
    torch.set_grad_enabled(True)
    v1 = a1.mul(1.25)
    a0.unsqueeze_(2)
    v2 = a2.view(1, 3, 1)
    v3 = a0.squeeze(2)
    with torch.enable_grad():
        a1.mul_(v1)
        v4 = v2.narrow(2, 0, 1)
        a1.zero_()
    v5 = v4.flatten()
    return (v3,)
