# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3850).report())'
# Shrink: cd python/tests && python minimize.py 3850 --write
#
# seed 3850: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #0, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function takes as_strided over argument #0, which it writes, and whose elements are not dense from its storage's start: the functionalized graph (PyTorch's AOTAutograd) takes it of a dense copy, other elements than eager's
#   notes: dynamo-fallback: the function takes as_strided over argument #0, which it writes, and whose eleme, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3850 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(3850)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[1:]
    a0 = t2
    return [a0], []


def fn(a0):
    v1 = a0.relu()
    v2 = v1.reshape(3, 1)
    v3 = a0.narrow(0, 2, 1)
    v3.sub_(1.25)
    with torch.enable_grad():
        v3.as_strided_((1, 1, 3), (4, 2, 1), 1)
        v4 = v3.sin()
        v5 = a0.add(v1)
    return (v3, v1, v4)
