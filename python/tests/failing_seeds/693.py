# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(693).report())'
# Shrink: cd python/tests && python minimize.py 693 --write
#
# seed 693: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: Attempted to resize a view tensor to a larger size. This is not allowed in the functionalization pass
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: Attempted to resize a view tensor to a larger size. This is not allowed in the functionalization pass
#   notes: dynamo-refused

import torch

# seed 693 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(693)
    t1 = torch.randn((1, 4, 4), generator=g, dtype=torch.float32)
    t2 = torch.randn((4,), generator=g, dtype=torch.float32)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    torch.set_grad_enabled(False)
    a1.resize_((8,))
    a1.fill_(2.0)
    a1.t_()
    with torch.no_grad():
        a1.set_(a0)
    a0.mul_(a1)
    v1 = a0.view(1, 16)
    return (v1, a0, a1)
