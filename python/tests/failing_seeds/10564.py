# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10564).report())'
# Shrink: cd python/tests && python minimize.py 10564 --write
#
# seed 10564: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #0, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #0, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   notes: dynamo-refused

import torch

# seed 10564 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(10564)
    t1 = torch.randn((10, 5), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t2
    return [a0], []


def fn(a0):
    a0.transpose_(1, 0)
    a0.as_strided_((1, 3, 2), (1, 4, 3), 1)
    a0.fill_(2.0)
    v1 = a0.view(1, 3, 2, 1)
    a0.mul_(2.0)
    v2 = v1.transpose(1, 2)
    return (a0,)
