# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1442).report())'
# Shrink: cd python/tests && python minimize.py 1442 --write
#
# seed 1442: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496...
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 3) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244, 0.455627977848053, 0.6323062777519226, 0.3488934636116028, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496...
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 1442 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(1442)
    l1 = torch.randn((3, 5, 1), generator=g, dtype=torch.float64).requires_grad_()
    t2 = l1 * 1
    l3 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3 * 1
    t5 = t4[1]
    t6 = t4[:, 1]
    a0 = t2
    a1 = t5
    a2 = t6
    return [a0, a1, a2], [l1, l3]


def fn(a0, a1, a2):
    a1.zero_()
    with torch.no_grad():
        v1 = a1.expand(3)
        v2 = a2.view(torch.int32)
    v3 = a2.detach()
    v1.sub_(v1)
    return (v2, v3, a0)
