# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8495).report())'
# Shrink: cd python/tests && python minimize.py 8495 --write
#
# seed 8495: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 2) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (3, 2) (actual) vs (3,) (expected)); wrapc differs from eager on grads[0]:
#       got None
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636, 0.4900934100151062, 0.8964447379112244]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas

import torch

# seed 8495 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(8495)
    l1 = torch.randn((2, 4), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((3, 2), generator=g, dtype=torch.float32)
    t4 = t3[0]
    t5 = t3[:, 0]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]

def make_grown_inputs():
    g = torch.Generator().manual_seed(8495)
    l1 = torch.randn((3, 5), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = torch.randn((4, 3), generator=g, dtype=torch.float32)
    t4 = t3[0]
    t5 = t3[:, 0]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1]



def fn(a0, a1, a2):
    v1 = a2.view(torch.int32)
    v1.add_(1)
    v2 = a2.view(torch.int32)
    return (v1, a0)
