# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3983).report())'
# Shrink: cd python/tests && python minimize.py 3983 --write
#
# seed 3983: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on values[0]:
#       got [[1.60481595993042, 0.7598129510879517, -1.6772574186325073, 0.5222200155258179, -0.7026543021202087]]
#       want [[5.70963191986084, 4.019625663757324, -0.8545148372650146, 3.5444400310516357, 1.0946913957595825]]
#   direct call 1: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on values[2]:
#       got [[-0.7026543021202087]]
#       want [[1.0946913957595825]]
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on values[0]:
#       got [[1.60481595993042, 0.7598129510879517, -1.6772574186325073, 0.5222200155258179, -0.7026543021202087]]
#       want [[5.70963191986084, 4.019625663757324, -0.8545148372650146, 3.5444400310516357, 1.0946913957595825]]
#   direct call 2: PyTorch raises (RuntimeError: setStorage: sizes [5], strides [1], storage offset 0, and itemsize 4 requiring a storage size of 20 are out of bounds for storage of size 16); wrapc differs from eager on values[2]:
#       got [[-0.7026543021202087]]
#       want [[1.0946913957595825]]
#   notes: dynamo-refused

import torch

# seed 3983 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3983)
    t1 = torch.randn((4,), generator=g, dtype=torch.float32)
    t2 = t1[:4]
    t3 = t1[1:]
    t4 = torch.randn((5,), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    a2 = t4
    a3 = t4
    return [a0, a1, a2, a3], []


def fn(a0, a1, a2, a3):
    v1 = a3[2::2]
    a2.add_(1.25)
    a3.add_(a2)
    v2 = v1[1:]
    v3 = a2.permute(0)
    v4 = v3.clone()
    v5 = a1.unsqueeze(0)
    with torch.no_grad():
        a2.set_(a0)
    return (v3, a3, v2)
