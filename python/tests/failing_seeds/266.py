# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(266).report())'
# Shrink: cd python/tests && python minimize.py 266 --write
#
# seed 266: 6 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, False, (1, 2), None)
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grads[0]:
#       got None
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.0, 0.0, 0.7682217955589294, 0.0, 0.0, 0.0, 0.08847743272781372, 0.0]
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, True, (1, 2), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, False, (1, 2), None)
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grads[0]:
#       got None
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.0, 0.0, 0.7682217955589294, 0.0, 0.0, 0.0, 0.08847743272781372, 0.0]
#   notes: dynamo-refused

import torch

# seed 266 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None; third call on grown inputs

def make_inputs():
    g = torch.Generator().manual_seed(266)
    t1 = torch.randn((3, 4), generator=g, dtype=torch.float32)
    l2 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1]
    t5 = t3[:, 2]
    a0 = t1
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l2]

def make_grown_inputs():
    g = torch.Generator().manual_seed(266)
    t1 = torch.randn((4, 5), generator=g, dtype=torch.float32)
    l2 = torch.randn((4, 5), generator=g, dtype=torch.float32).requires_grad_()
    t3 = l2 * 1
    t4 = t3[1]
    t5 = t3[:, 2]
    a0 = t1
    a1 = t4
    a2 = t5
    return [a0, a1, a2], [l2]



def fn(a0, a1, a2):
    a2.sub_(a2)
    a1.add_(a1)
    a1.squeeze_(0)
    v1 = a1.contiguous()
    v2 = a0.narrow(1, 0, 2)
    return (a2,)


# Shrunk (python minimize.py 266):
#
# seed 266: 6 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, False, (0, 1), None)
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 1: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grads[0]:
#       got None
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.0, 0.0, 0.7682217955589294, 0.0, 0.0, 0.0, 0.08847743272781372, 0.0]
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (3,), (4,), 2, True, False, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'AsStridedBackward0'
#   direct call 2: PyTorch raises (RuntimeError: A view was created in no_grad mode and its base or another view of its base has been modified inplace with grad mode enabled. Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by moving both the view and the inplace either both inside the no_grad block); wrapc differs from eager on grads[0]:
#       got None
#       want [0.0, 0.0, 0.49625658988952637, 0.0, 0.0, 0.0, 0.7682217955589294, 0.0, 0.0, 0.0, 0.08847743272781372, 0.0]
#   notes: dynamo-refused
# import torch
#
# # seed 266 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None
#
# def make_inputs():
#     g = torch.Generator().manual_seed(266)
#     l2 = torch.randn((3, 4), generator=g, dtype=torch.float32).requires_grad_()
#     t3 = l2 * 1
#     t4 = t3[1]
#     t5 = t3[:, 2]
#     a1 = t4
#     a2 = t5
#     return [a1, a2], [l2]
#
#
# def fn(a1, a2):
#     a1.add_(a1)
#     a1.squeeze_(0)
#     return (a2,)
#
