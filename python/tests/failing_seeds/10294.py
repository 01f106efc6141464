# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(10294).report())'
# Shrink: cd python/tests && python minimize.py 10294 --write
#
# seed 10294: 0 unexplained difference(s)
#   notes: wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 10294 (attempt 1): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(10294)
    t1 = torch.randint(-5, 6, (4, 4, 1), generator=g, dtype=torch.int64)
    t2 = t1.permute(2, 1, 0)
    a0 = t2
    return [a0], []


def fn(a0):
    a0.copy_(a0)
    v1 = a0.as_strided((1,), (3,), 10)
    v2 = v1.contiguous()
    v1.unsqueeze_(-2)
    v2.as_strided_((2, 3, 1), (3, 4, 4), 2)
    v1.transpose_(2, 0)
    with torch.no_grad():
        v3 = v1.add(v1)
        v1.transpose_(1, 0)
        v4 = a0.expand(1, 3, 4, 4)
    v5 = v3.transpose(1, 2)
    return (v5, v2, v4, v3)
