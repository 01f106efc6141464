# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6621).report())'
# Shrink: cd python/tests && python minimize.py 6621 --write
#
# seed 6621: 2 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[[[1.0342414379119873]], [[-1.5967414379119873]]], [[[-1.8534663915634155]], [[0.9919211864471436]]], [[[0.2684897184371948]], [[0.5269541144371033]]]]]
#       want [[[[[1.0696552991867065]], [[2.5495831966400146]]], [[[3.435337781906128]], [[0.9839076399803162]]], [[[0.07208672910928726]], [[0.2776806354522705]]]]]
#       wrapc vs PyTorch: got [[[[[1.0342414379119873]], [[-1.5967414379119873]]], [[[-1.8534663915634155]], [[0.9919211864471436]]], [[[0.2684897184371948]], [[0.5269541144371033]]]]]
#       want [[[[[1.7497457265853882]], [[1.1556482315063477]]], [[[-0.048421476036310196]], [[-0.31790891289711]]], [[[0.10027510672807693]], [[1.5419917106628418]]]]]
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[[[1.0342414379119873]], [[-1.5967414379119873]]], [[[-1.8534663915634155]], [[0.9919211864471436]]], [[[0.2684897184371948]], [[0.5269541144371033]]]]]
#       want [[[[[1.0696552991867065]], [[2.5495831966400146]]], [[[3.435337781906128]], [[0.9839076399803162]]], [[[0.07208672910928726]], [[0.2776806354522705]]]]]
#       wrapc vs PyTorch: got [[[[[1.0342414379119873]], [[-1.5967414379119873]]], [[[-1.8534663915634155]], [[0.9919211864471436]]], [[[0.2684897184371948]], [[0.5269541144371033]]]]]
#       want [[[[[1.7497457265853882]], [[1.1556482315063477]]], [[[-0.048421476036310196]], [[-0.31790891289711]]], [[[0.10027510672807693]], [[1.5419917106628418]]]]]
#   notes: dynamo-refused, wrapc-equals-eager-where-pytorch-differs: outputs, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 6621 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(6621)
    t1 = torch.randn((4, 4), generator=g, dtype=torch.float32)
    t2 = t1.permute(1, 0)
    t3 = torch.randn((1, 1, 2, 3), generator=g, dtype=torch.float32)
    a0 = t2
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    a1.transpose_(1, 3)
    v1 = a1.add(3.0)
    v2 = a1.permute(1, 2, 3, 0)
    with torch.no_grad():
        a1.set_(a0)
    a0.transpose_(1, 0)
    return (v1, v2)
