# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(5384).report())'
# Shrink: cd python/tests && python minimize.py 5384 --write
#
# seed 5384: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.7072159647941589, 3.7372844219207764, 2.3234283924102783, 0.001976903760805726, 1.7874469757080078, 0.07337974011898041]]
#       want [[[[3.7372844219207764]]]]
#       wrapc vs PyTorch: got [[0.7072159647941589, 3.7372844219207764, 2.3234283924102783, 0.001976903760805726, 1.7874469757080078, 0.07337974011898041]]
#       want [[[[1.7874469757080078]]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 1), (2, 3, 3), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 1), (1, 3, 2), 4, False, True, (0, 1), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[0.7072159647941589, 3.7372844219207764, 2.3234283924102783, 0.001976903760805726, 1.7874469757080078, 0.07337974011898041]]
#       want [[[[3.7372844219207764]]]]
#       wrapc vs PyTorch: got [[0.7072159647941589, 3.7372844219207764, 2.3234283924102783, 0.001976903760805726, 1.7874469757080078, 0.07337974011898041]]
#       want [[[[1.7874469757080078]]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 1), (2, 3, 3), 1, False, True, (0, 1), 1)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, False, True, (0, 1), 1)
#       want ('tensor', 'Tensor', torch.float32, (1, 1, 1), (1, 3, 2), 4, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 5384 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(5384)
    t1 = torch.randn((6,), generator=g, dtype=torch.float32)
    t2 = t1[::2]
    a0 = t2
    a1 = t1
    return [a0, a1], []


def fn(a0, a1):
    with torch.no_grad():
        a1.mul_(a1)
        v1 = a1.flatten()
        a0.as_strided_((1, 1, 1), (2, 3, 3), 1)
    v2 = v1.unsqueeze(0)
    v3 = v2.add(v2)
    v4 = a0.contiguous()
    with torch.enable_grad():
        v1.as_strided_((1, 1, 1), (1, 3, 2), 4)
        v5 = a1[3:5:2]
        v6 = v2.reshape(6)
    v7 = v6.detach()
    v8 = v3.t()
    v9 = v7.select(0, 1)
    return (v5, v4, v7)
