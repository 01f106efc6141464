# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(895).report())'
# Shrink: cd python/tests && python minimize.py 895 --write
#
# seed 895: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes in place (mul_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tensor
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes in place (mul_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tensor
#   notes: dynamo-fallback: the function writes in place (mul_ reading memory it writes at other elements): , wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 895 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(895)
    t1 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t2 = t1[1]
    t3 = t1[:, 0]
    t4 = torch.randn((10, 5), generator=g, dtype=torch.float32)
    t5 = t4[::2]
    a0 = t2
    a1 = t3
    a2 = t5
    return [a0, a1, a2], []


def fn(a0, a1, a2):
    with torch.enable_grad():
        a1.mul_(a0)
    a1.zero_()
    v1 = a0.add(a1)
    v2 = a2[3]
    return v1
