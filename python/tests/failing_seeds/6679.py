# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6679).report())'
# Shrink: cd python/tests && python minimize.py 6679 --write
#
# seed 6679: 2 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (2,) (actual) vs (1, 2) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1, 2), (2, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.int64, (1, 2), (2, 1), 0, False, True, (0, 1), None)
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (2,) (actual) vs (1, 2) (expected)); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.int64, (1, 2), (2, 1), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.int64, (1, 2), (2, 1), 0, False, True, (0, 1), None)

import torch

# seed 6679 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6679)
    t1 = torch.randint(-5, 6, (2,), generator=g, dtype=torch.int64)
    t2 = t1.view(1, 2)
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.mul(-1)
    a0.add_(-1)
    v2 = a0.detach()
    return (v2,)
