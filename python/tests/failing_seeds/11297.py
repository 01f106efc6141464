# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(11297).report())'
# Shrink: cd python/tests && python minimize.py 11297 --write
#
# seed 11297: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #1, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #1, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   notes: dynamo-refused

import torch

# seed 11297 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(11297)
    t1 = torch.randint(-5, 6, (3, 5), generator=g, dtype=torch.int64)
    t2 = torch.randn((5, 5, 1), generator=g, dtype=torch.float32)
    t3 = t2[1:]
    a0 = t1
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.as_strided_((1, 2, 1), (4, 4, 3), 8)
    a1.add_(a1)
    a0.sub_(a0)
    return (a1,)
