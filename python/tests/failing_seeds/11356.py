# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11356).report())'
# Shrink: cd python/tests && python minimize.py 11356 --write
#
# seed 11356: 0 unexplained difference(s)
#   notes: dynamo-refused, unsupported-where-pytorch-is-wrong: outputs

import torch

# seed 11356 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(11356)
    l1 = torch.randn((2,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.neg()
    a0.t_()
    v2 = a0.clone()
    torch.set_grad_enabled(False)
    v3 = v1.view(2, 1)
    v4 = a0.sin()
    v5 = a0.view(-1)
    return (v5, v4, v1)
