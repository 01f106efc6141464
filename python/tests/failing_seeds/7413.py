# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(7413).report())'
# Shrink: cd python/tests && python minimize.py 7413 --write
#
# seed 7413: 10 unexplained difference(s)
#   direct call 1: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1071652167, 1055331182], [1071652167, 1055331182], [1071652167, 1055331182]]]
#       want [[[1345078489, -1187996559], [1345078489, -1187996559], [1345078489, -1187996559]]]
#       wrapc vs PyTorch: got [[[1071652167, 1055331182], [1071652167, 1055331182], [1071652167, 1055331182]]]
#       want [[[1.750893473625183, 0.4513201117515564], [1.750893473625183, 0.4513201117515564], [1.750893473625183, 0.4513201117515564]]]
#   direct call 1: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 2, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (0, 1), 0, False, True, (1,), None)
#   direct call 1: output_sharing[0] differs from eager and from PyTorch:
#       wrapc vs eager: got (0, 2)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (0, 2)
#       want (0,)
#   direct call 1: output_sharing[1] differs from eager and from PyTorch:
#       wrapc vs eager: got (1,)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (1,)
#       want (1, 2)
#   direct call 1: output_sharing[2] differs from eager and from PyTorch:
#       wrapc vs eager: got (0, 2)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (0, 2)
#       want (1, 2)
#   direct call 2: values[2] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1071652167, 1055331182], [1071652167, 1055331182], [1071652167, 1055331182]]]
#       want [[[1345078489, -1187996559], [1345078489, -1187996559], [1345078489, -1187996559]]]
#       wrapc vs PyTorch: got [[[1071652167, 1055331182], [1071652167, 1055331182], [1071652167, 1055331182]]]
#       want [[[1.750893473625183, 0.4513201117515564], [1.750893473625183, 0.4513201117515564], [1.750893473625183, 0.4513201117515564]]]
#   direct call 2: outputs[2] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 2, False, True, (0, 1), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (3, 2), (0, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.float32, (3, 2), (0, 1), 0, False, True, (1,), None)
#   direct call 2: output_sharing[0] differs from eager and from PyTorch:
#       wrapc vs eager: got (0, 2)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (0, 2)
#       want (0,)
#   direct call 2: output_sharing[1] differs from eager and from PyTorch:
#       wrapc vs eager: got (1,)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (1,)
#       want (1, 2)
#   direct call 2: output_sharing[2] differs from eager and from PyTorch:
#       wrapc vs eager: got (0, 2)
#       want (0, 1, 2)
#       wrapc vs PyTorch: got (0, 2)
#       want (1, 2)
#   notes: dynamo-refused, pytorch-differs-from-eager: inputs_after, pytorch-differs-from-eager: outputs, pytorch-differs-from-eager: version_deltas

import torch

# seed 7413 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=True; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(7413)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:2]
    t4 = t2[2:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1.view(torch.int32)
    a0.add_(1.25)
    v1.mul_(v1)
    with torch.no_grad():
        a1.set_(a0)
    v2 = v1.unsqueeze(0)
    v3 = a0.mul(a0)
    v4 = v2.expand(3, 2)
    return (a0, a1, v4)
