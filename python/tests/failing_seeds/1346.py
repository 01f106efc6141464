# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(1346).report())'
# Shrink: cd python/tests && python minimize.py 1346 --write
#
# seed 1346: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: the function writes in place (copy_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tenso
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: the function writes in place (copy_ reading memory it writes at other elements): eager's values depend on that shared memory, and the functionalized graph PyTorch's AOTAutograd traces (aot_function and torch.compile's aot backends too) computes other ones: clone() the tensor read, or write the tenso
#   notes: dynamo-fallback: the function writes in place (copy_ reading memory it writes at other elements):, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 1346 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(1346)
    t1 = torch.randn((2, 3), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []


def fn(a0):
    v1 = a0[:, 2:]
    torch.set_grad_enabled(True)
    v2 = v1.to(torch.int64)
    a0.copy_(v1)
    v1.transpose_(1, 0)
    v3 = v2.t()
    v4 = v1.transpose(1, 0)
    return (v2, v4, v1)
