# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(12449).report())'
# Shrink: cd python/tests && python minimize.py 12449 --write
#
# seed 12449: 0 unexplained difference(s)
#   notes: dynamo-fallback: the function returns a view it took under grad mode of a view it took under no_g, unsupported-where-pytorch-is-wrong: outputs, wrapc-equals-eager-where-pytorch-differs: grad_fns, wrapc-equals-eager-where-pytorch-differs: grads, wrapc-equals-eager-where-pytorch-differs: outputs

import torch

# seed 12449 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(12449)
    l1 = torch.randn((9,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2.view(3, 3)
    a0 = t2
    a1 = t3
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.mul(a0)
    with torch.no_grad():
        v2 = a0.select(0, 5)
        v3 = a0[2:3:2]
    v4 = v1.mul(v1)
    v5 = v3.expand(2, 2)
    return (v3, v5)
