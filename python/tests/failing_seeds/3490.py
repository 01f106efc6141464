# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3490).report())'
# Shrink: cd python/tests && python minimize.py 3490 --write
#
# seed 3490: 6 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   direct call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   direct call 1: values[3] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   direct call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   direct call 2: values[3] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[0.04400171339511871, 0.03592880442738533]]
#       wrapc vs PyTorch: got [[0.04400171339511871, 0.18985553085803986]]
#       want [[[-0.4350205659866333, -0.7018487453460693], [0.04400171339511871, 0.18985553085803986]]]
#   notes: pytorch-differs-from-eager: input_values, pytorch-differs-from-eager: memory, pytorch-differs-from-eager: values, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 3490 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(3490)
    t1 = torch.randn((2, 2), generator=g, dtype=torch.float32)
    t2 = t1[1]
    t3 = t1[:, 0]
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    v1 = a0.t()
    with torch.no_grad():
        v1.mul_(a1)
        v1.mul_(a0)
        v2 = v1.add(v1)
    return (a0, a1, a0, a0)
