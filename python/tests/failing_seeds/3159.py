# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3159).report())'
# Shrink: cd python/tests && python minimize.py 3159 --write
#
# seed 3159: 2 unexplained difference(s)
#   direct call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[4.916443347930908, 4.916443347930908, 4.916443347930908], [4.916443347930908, 4.916443347930908, 4.916443347930908]]]
#       want [[[1.25, 1.25, 1.25], [1.25, 1.25, 1.25]]]
#       wrapc vs PyTorch: got [[[4.916443347930908, 4.916443347930908, 4.916443347930908], [4.916443347930908, 4.916443347930908, 4.916443347930908]]]
#       want [[[-0.42055973410606384, 4.916443347930908, -0.10391845554113388], [-0.42055973410606384, 4.916443347930908, -0.10391845554113388]]]
#   direct call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[4.916443347930908, 4.916443347930908, 4.916443347930908], [4.916443347930908, 4.916443347930908, 4.916443347930908]]]
#       want [[[1.25, 1.25, 1.25], [1.25, 1.25, 1.25]]]
#       wrapc vs PyTorch: got [[[4.916443347930908, 4.916443347930908, 4.916443347930908], [4.916443347930908, 4.916443347930908, 4.916443347930908]]]
#       want [[[-0.42055973410606384, 4.916443347930908, -0.10391845554113388], [-0.42055973410606384, 4.916443347930908, -0.10391845554113388]]]
#   notes: dynamo-refused, pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, wrapc-equals-eager-where-pytorch-differs: grad_enabled, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3159 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(3159)
    t1 = torch.randn((3,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t4 = torch.randint(-5, 6, (5,), generator=g, dtype=torch.int64)
    t5 = t4[:5]
    t6 = t4[1:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []

def make_grown_inputs():
    g = torch.Generator().manual_seed(3159)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t3 = torch.empty(0, dtype=torch.float32).set_(t1.untyped_storage(), 1, (1,), (1,))
    t4 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t5 = t4[:5]
    t6 = t4[1:]
    a0 = t2
    a1 = t3
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], []



def fn(a0, a1, a2, a3):
    a3.fill_(-1)
    v1 = a3[2:]
    v2 = a0.expand(2, 3)
    v2.fill_(1.25)
    v3 = a3.flatten()
    v4 = a0.mul(v2)
    torch.set_grad_enabled(True)
    a1.unsqueeze_(-2)
    return (v4, v3, v2)
