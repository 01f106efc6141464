# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(12489).report())'
# Shrink: cd python/tests && python minimize.py 12489 --write
#
# seed 12489: 2 unexplained difference(s)
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (5,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636]
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (6,) (actual) vs (5,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
#       want [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.13203048706054688, 0.30742281675338745, 0.6340786814689636]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-equals-eager

import torch

# seed 12489 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=True; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(12489)
    l1 = torch.randn((6,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[1:]
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    torch.set_grad_enabled(True)
    with torch.no_grad():
        a1.add_(1.25)
        a0.mul_(a0)
    v1 = a1.sum(0)
    v2 = a1.view(torch.int32)
    return (v2, a0)
