# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3992).report())'
# Shrink: cd python/tests && python minimize.py 3992 --write
#
# seed 3992: 12 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, False, (0,), None)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'TransposeBackward1'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.4900934100151062, 0.455627977848053, 0.3488934636116028, 0.8964447379112244, 0.6323062777519226, 0.40171730518341064]
#       want [0.0, 0.0, 0.0, 0.9863499999046326, 0.5441054105758667, 0.6563162803649902, 1.6646665334701538, 0.7643367648124695, 1.0357959270477295]
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, False, (0,), None)
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'TransposeBackward1'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.4900934100151062, 0.455627977848053, 0.3488934636116028, 0.8964447379112244, 0.6323062777519226, 0.40171730518341064]
#       want [0.0, 0.0, 0.0, 0.9863499999046326, 0.5441054105758667, 0.6563162803649902, 1.6646665334701538, 0.7643367648124695, 1.0357959270477295]
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, False, (0,), None)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'TransposeBackward1'
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.4900934100151062, 0.455627977848053, 0.3488934636116028, 0.8964447379112244, 0.6323062777519226, 0.40171730518341064]
#       want [0.0, 0.0, 0.0, 0.9863499999046326, 0.5441054105758667, 0.6563162803649902, 1.6646665334701538, 0.7643367648124695, 1.0357959270477295]
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (1, 3), 3, True, False, (0,), None)
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'TransposeBackward1'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.0, 0.0, 0.0, 0.4900934100151062, 0.455627977848053, 0.3488934636116028, 0.8964447379112244, 0.6323062777519226, 0.40171730518341064]
#       want [0.0, 0.0, 0.0, 0.9863499999046326, 0.5441054105758667, 0.6563162803649902, 1.6646665334701538, 0.7643367648124695, 1.0357959270477295]

import torch

# seed 3992 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3992)
    l1 = torch.randn((3, 3), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1[1:]
    a0 = t2
    return [a0], [l1]


def fn(a0):
    v1 = a0.detach()
    v1.mul_(v1)
    v1.squeeze_(0)
    v2 = a0.t()
    v1.add_(a0)
    v1.transpose_(1, 0)
    with torch.no_grad():
        v3 = v1.view(torch.int32)
        v4 = v1.squeeze()
    return (v1, v2)
