# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(474).report())'
# Shrink: cd python/tests && python minimize.py 474 --write
#
# seed 474: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes in place (add_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tensor
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes in place (add_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tensor
#   notes: dynamo-fallback: the function writes in place (add_ reading memory it writes at other elements): , wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 474 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(474)
    t1 = torch.randint(-5, 6, (3, 4), generator=g, dtype=torch.int64)
    t2 = torch.randint(-5, 6, (4, 1), generator=g, dtype=torch.int64)
    t3 = t2[1:]
    t4 = torch.randn((3, 3), generator=g, dtype=torch.float32)
    t5 = t4[1]
    t6 = t4[:, 1]
    a0 = t1
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a0[2:]
    v2 = v1.contiguous()
    a0.add_(-1)
    a2.add_(a3)
    v3 = a1.as_strided((2, 1), (3, 3), 0)
    v1.add_(3)
    return (v3, v1, a3)
