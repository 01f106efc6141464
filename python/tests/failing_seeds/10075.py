# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10075).report())'
# Shrink: cd python/tests && python minimize.py 10075 --write
#
# seed 10075: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_view_dtype: shape mismatch: the last dimension must have stride 1 to view f64 as f32 (different element sizes)
#   direct call 2: wrapc raises, PyTorch does not: RuntimeError: wrapc: wrt_view_dtype: shape mismatch: the last dimension must have stride 1 to view f64 as f32 (different element sizes)
#   notes: dynamo-refused

import torch

# seed 10075 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(10075)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[1:]
    t4 = torch.randn((2, 4), generator=g, dtype=torch.float64)
    a0 = t2
    a1 = t3
    a2 = t4
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    v1 = a1.expand(5)
    a1.add_(a1)
    a2.as_strided_((3,), (3,), 0)
    v2 = a2.unsqueeze(0)
    return (a2, a0)
