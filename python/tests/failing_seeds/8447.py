# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(8447).report())'
# Shrink: cd python/tests && python minimize.py 8447 --write
#
# seed 8447: 4 unexplained difference(s)
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 0, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 1, True, False, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 0, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 0, True, True, (0,), None)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.0, 0.7682217955589294, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294]
#       wrapc vs PyTorch: got [0.0, 0.7682217955589294, 0.0]
#       want None
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 0, True, False, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 1), (1, 1), 1, True, False, (0,), None)
#   direct call 2: PyTorch raises (RuntimeError: a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.0, 0.7682217955589294, 0.0]
#       want [0.0, 0.49625658988952637, 0.7682217955589294]
#   notes: dynamo-refused, pytorch-differs-from-eager: values, pytorch-differs-from-eager: version_deltas, pytorch-raises-wrapc-as-pytorch-on-the-rest: values, pytorch-raises-wrapc-as-pytorch-on-the-rest: version_deltas, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 8447 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(8447)
    l1 = torch.randn((3, 1), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    l3 = torch.randn((3,), generator=g, dtype=torch.float32).requires_grad_()
    t4 = l3[:3]
    t5 = l3[0:]
    a0 = t2
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l1, l3]


def fn(a0, a1, a2):
    torch.set_grad_enabled(False)
    a2.zero_()
    a1.t_()
    a0.add_(0.5)
    v1 = a1.sum()
    v2 = v1.unsqueeze(0)
    return (a0,)
