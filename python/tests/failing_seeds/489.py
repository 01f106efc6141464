# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(489).report())'
# Shrink: cd python/tests && python minimize.py 489 --write
#
# seed 489: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [2, 3] has sizes [6], but the wrapper was compiled for [5] (the inputs alias differently than when it was compiled)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [2, 3] has sizes [6], but the wrapper was compiled for [5] (the inputs alias differently than when it was compiled)

import torch

# seed 489 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(489)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[0]
    t4 = t2[:, 0]
    t5 = torch.randn((6,), generator=g, dtype=torch.float32)
    t6 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 0, (5,), (1,))
    t7 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 3, (2,), (1,))
    a0 = t3
    a1 = t4
    a2 = t6
    a3 = t7
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    v1 = a1.view(torch.int32)
    a3.sub_(2.0)
    v2 = a3.sin()
    return (v2,)


# Shrunk (python minimize.py 489):
#
# seed 489: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [6], but the wrapper was compiled for [5] (the inputs alias differently than when it was compiled)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [6], but the wrapper was compiled for [5] (the inputs alias differently than when it was compiled)
# import torch
#
# # seed 489 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(489)
#     t5 = torch.randn((6,), generator=g, dtype=torch.float32)
#     t6 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 0, (5,), (1,))
#     t7 = torch.empty(0, dtype=torch.float32).set_(t5.untyped_storage(), 3, (2,), (1,))
#     a2 = t6
#     a3 = t7
#     return [a2, a3], []
#
#
# def fn(a2, a3):
#     a3.sub_(2.0)
#     return ()
#
