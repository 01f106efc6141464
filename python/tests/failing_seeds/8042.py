# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8042).report())'
# Shrink: cd python/tests && python minimize.py 8042 --write
#
# seed 8042: 4 unexplained difference(s)
#   direct call 1: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[16.794479370117188, 2.9660677909851074, 0.916686475276947, 10.84478759765625, 2.067871332168579, 29.8208065032959, 0.4189819395542145, 1.7365479469299316, 6.309544563293457]]
#       want [[[2.067871332168579]]]
#       wrapc vs PyTorch: got [[16.794479370117188, 2.9660677909851074, 0.916686475276947, 10.84478759765625, 2.067871332168579, 29.8208065032959, 0.4189819395542145, 1.7365479469299316, 6.309544563293457]]
#       want [[[2.067871332168579]]]
#   direct call 1: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (4, 1), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (4, 1), 4, False, True, (0, 1), None)
#   direct call 2: values[1] differs from eager and from PyTorch:
#       wrapc vs eager: got [[16.794479370117188, 2.9660677909851074, 0.916686475276947, 10.84478759765625, 2.067871332168579, 29.8208065032959, 0.4189819395542145, 1.7365479469299316, 6.309544563293457]]
#       want [[[2.067871332168579]]]
#       wrapc vs PyTorch: got [[16.794479370117188, 2.9660677909851074, 0.916686475276947, 10.84478759765625, 2.067871332168579, 29.8208065032959, 0.4189819395542145, 1.7365479469299316, 6.309544563293457]]
#       want [[[2.067871332168579]]]
#   direct call 2: outputs[1] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (4, 1), 4, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (9,), (1,), 0, False, True, (0, 1), 0)
#       want ('tensor', 'Tensor', torch.float32, (1, 1), (4, 1), 4, False, True, (0, 1), None)
#   notes: dynamo-refused, pytorch-differs-from-eager: version_deltas

import torch

# seed 8042 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8042)
    t1 = torch.randn((9,), generator=g, dtype=torch.float32)
    t2 = t1.view(3, 3)
    a0 = t1
    a1 = t2
    return [a0, a1], []


def fn(a0, a1):
    a0.add_(a0)
    a0.mul_(a0)
    a1.unsqueeze_(0)
    with torch.enable_grad():
        v1 = a0.clone()
        a0.as_strided_((1, 1), (1, 4), 4)
    a0.mul_(a0)
    a0.transpose_(1, 0)
    return (v1, a0, a1, v1)
