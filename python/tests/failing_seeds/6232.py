# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(6232).report())'
# Shrink: cd python/tests && python minimize.py 6232 --write
#
# seed 6232: 4 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (0,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (0,) (actual) vs (1,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0]
#       want [0.49625658988952637, 0.7682217955589294, 0.2205079197883606, 0.0]
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (0,) (actual) vs (1,) (expected)); wrapc differs from eager on grad_fns[1]:
#       got 'AsStridedBackward0'
#       want 'SliceBackward0'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (0,) (actual) vs (1,) (expected)); wrapc differs from eager on grads[0]:
#       got [0.49625658988952637, 0.7682217955589294, 0.08847743272781372, 0.0]
#       want [0.49625658988952637, 0.7682217955589294, 0.2205079197883606, 0.0]
#   notes: pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas, pytorch-raises-wrapc-output-of-the-compiled-graph: grad_fns

import torch

# seed 6232 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(6232)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:3]
    t4 = t2[3:]
    t5 = torch.randint(-5, 6, (6,), generator=g, dtype=torch.int64)
    t6 = t5[1:]
    a0 = t3
    a1 = t4
    a2 = t5
    a3 = t6
    return [a0, a1, a2, a3], [l1]


def fn(a0, a1, a2, a3):
    a3.add_(1)
    v1 = a0.clone()
    v2 = v1[2:]
    v3 = a2.expand(6)
    v4 = a3.expand(5)
    return (v1, v2, v4)
