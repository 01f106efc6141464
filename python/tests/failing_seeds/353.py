# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(353).report())'
# Shrink: cd python/tests && python minimize.py 353 --write
#
# seed 353: 5 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
#   dynamo call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
#   dynamo call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
#   dynamo call 3: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [5], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)

import torch

# seed 353 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(353)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(353)
    t1 = torch.randn((5,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    a0 = t2
    a1 = t3
    return [a0, a1], []



def fn(a0, a1):
    with torch.no_grad():
        v1 = a0.contiguous()
    v2 = a1.sub(v1)
    v3 = v1.contiguous()
    v1.mul_(a0)
    a0.mul_(v2)
    v1.fill_(1.25)
    return (v1, v2)


# Shrunk (python minimize.py 353):
#
# seed 353: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_synthetic_base: shape mismatch: the synthetic base of inputs [0, 1] has sizes [4], but the wrapper was compiled for [3] (the inputs alias differently than when it was compiled)
# import torch
#
# # seed 353 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(353)
#     t1 = torch.randn((4,), generator=g, dtype=torch.float32)
#     t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 0, (3,), (1,))
#     t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
#     a0 = t2
#     a1 = t3
#     return [a0, a1], []
#
#
# def fn(a0, a1):
#     v1 = a0.contiguous()
#     v1.fill_(1.25)
#     return ()
#
