# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(3330).report())'
# Shrink: cd python/tests && python minimize.py 3330 --write
#
# seed 3330: 20 unexplained difference(s)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, False, (0, 1), None)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, False, (0, 1), None)
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'MulBackward0'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'NoneType'
#       want 'ReshapeAliasBackward0'
#   direct call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.455627977848053, 0.3488934636116028, 0.6323062777519226, 0.40171730518341064]
#       want [0.21430060267448425, 0.33384978771209717, -1.1640982627868652, 0.23609675467014313]
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, False, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, False, (0, 1), None)
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'MulBackward0'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'NoneType'
#       want 'ReshapeAliasBackward0'
#   direct call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.455627977848053, 0.3488934636116028, 0.6323062777519226, 0.40171730518341064]
#       want [0.21430060267448425, 0.33384978771209717, -1.1640982627868652, 0.23609675467014313]
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, False, (0, 1), None)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, False, (0, 1), None)
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'MulBackward0'
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'NoneType'
#       want 'ReshapeAliasBackward0'
#   dynamo call 1: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.455627977848053, 0.3488934636116028, 0.6323062777519226, 0.40171730518341064]
#       want [0.21430060267448425, 0.33384978771209717, -1.1640982627868652, 0.23609675467014313]
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[0]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2), (1, 2), 0, True, False, (0, 1), None)
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on outputs[1]:
#       got ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, True, (0, 1), None)
#       want ('tensor', 'Tensor', torch.float32, (2, 2, 1), (1, 2, 2), 0, True, False, (0, 1), None)
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[0]:
#       got 'NoneType'
#       want 'MulBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grad_fns[1]:
#       got 'NoneType'
#       want 'ReshapeAliasBackward0'
#   dynamo call 2: PyTorch raises (RuntimeError: a view of a leaf Variable that requires grad is being used in an in-place operation.); wrapc differs from eager on grads[0]:
#       got [0.455627977848053, 0.3488934636116028, 0.6323062777519226, 0.40171730518341064]
#       want [0.21430060267448425, 0.33384978771209717, -1.1640982627868652, 0.23609675467014313]

import torch

# seed 3330 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(3330)
    l1 = torch.randn((2, 2), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1.permute(1, 0)
    a0 = t2
    a1 = t2
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a0.detach()
    v1.mul_(a0)
    v2 = v1.reshape(2, 2, 1)
    v3 = a0.add(v1)
    v4 = v2.add(3.0)
    return (v1, v2, a1)
