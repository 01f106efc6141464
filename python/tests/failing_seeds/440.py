# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(440).report())'
# Shrink: cd python/tests && python minimize.py 440 --write
#
# seed 440: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   notes: dynamo-fallback: input #0 changes rank in place (3 to 1) and has its data written: not modelled, pytorch-differs-from-eager: values, pytorch-differs-from-eager: version_deltas

import torch

# seed 440 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(440)
    t1 = torch.randn((1, 1, 3), generator=g, dtype=torch.float32)
    a0 = t1
    return [a0], []


def fn(a0):
    v1 = a0.to(torch.float32)
    v2 = a0[:, :, 2:]
    v1.zero_()
    v3 = v1[:, :]
    v1.mul_(a0)
    v4 = v3.unsqueeze(0)
    v1.as_strided_((1,), (1,), 0)
    return (v2,)


# Shrunk (python minimize.py 440):
#
# seed 440: 2 unexplained difference(s)
#   direct call 1: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   direct call 2: wrapc raises, PyTorch does not: Unsupported: input #0 changes rank in place (3 to 1) and has its data written: not modelled
#   notes: dynamo-fallback: input #0 changes rank in place (3 to 1) and has its data written: not modelled
# import torch
#
# # seed 440 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(440)
#     t1 = torch.randn((1, 1, 3), generator=g, dtype=torch.float32)
#     a0 = t1
#     return [a0], []
#
#
# def fn(a0):
#     v1 = a0.to(torch.float32)
#     v1.mul_(a0)
#     v1.as_strided_((1,), (1,), 0)
#     return ()
#
