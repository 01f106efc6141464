# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8363).report())'
# Shrink: cd python/tests && python minimize.py 8363 --write
#
# seed 8363: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1,) (actual) vs (1, 3) (expected)); wrapc differs from eager on grads[0]:
#       got [0.30742281675338745, 0.6340786814689636, 0.4900934100151062]
#       want [0.30742281675338745, 0.6340786814689636, 0.6221238970756531]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1,) (actual) vs (1, 3) (expected)); wrapc differs from eager on grads[0]:
#       got [0.30742281675338745, 0.6340786814689636, 0.4900934100151062]
#       want [0.30742281675338745, 0.6340786814689636, 0.6221238970756531]
#   dynamo call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1,) (actual) vs (1, 3) (expected)); wrapc differs from eager on grads[0]:
#       got [0.30742281675338745, 0.6340786814689636, 0.4900934100151062]
#       want [0.30742281675338745, 0.6340786814689636, 0.6221238970756531]
#   dynamo call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (1,) (actual) vs (1, 3) (expected)); wrapc differs from eager on grads[0]:
#       got [0.30742281675338745, 0.6340786814689636, 0.4900934100151062]
#       want [0.30742281675338745, 0.6340786814689636, 0.6221238970756531]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: grad_fns, pytorch-raises-wrapc-as-pytorch-on-the-rest: outputs

import torch

# seed 8363 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(8363)
    l1 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(1, 3)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    with torch.enable_grad():
        v1 = a0[2]
        v2 = a1.sin()
    v3 = v1.view(-1)
    v4 = v1.unsqueeze(0)
    v5 = a1.relu()
    v3.fill_(1.25)
    v6 = v3.contiguous()
    v7 = v5.clone()
    with torch.no_grad():
        v9 = v1.view(-1)
        v10 = a1.narrow(0, 0, 1)
    return (v10, v1, a0, v7)
