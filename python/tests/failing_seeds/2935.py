# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(2935).report())'
# Shrink: cd python/tests && python minimize.py 2935 --write
#
# seed 2935: 2 unexplained difference(s)
#   direct call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.5847340226173401, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       want [0.08847743272781372, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       wrapc vs PyTorch: got [0.5847340226173401, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       want [0.08847743272781372, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#   direct call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.5847340226173401, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       want [0.08847743272781372, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       wrapc vs PyTorch: got [0.5847340226173401, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#       want [0.08847743272781372, 0.9002522826194763, 0.30742281675338745, 0.6340786814689636]
#   notes: dynamo-refused, pytorch-differs-from-eager: grad_fns, wrapc-equals-eager-where-pytorch-differs: version_deltas

import torch

# seed 2935 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=True; torch.compile dynamic=None

def make_inputs():
    g = torch.Generator().manual_seed(2935)
    l1 = torch.randn((4,), generator=g, dtype=torch.float32).requires_grad_()
    t2 = l1 * 1
    t3 = t2[:4]
    t4 = t2[1:]
    a0 = t3
    a1 = t4
    return [a0, a1], [l1]


def fn(a0, a1):
    v1 = a1[:2]
    with torch.no_grad():
        a1.set_(a0)
    a1.unsqueeze_(1)
    v1.as_strided_((1, 2), (1, 1), 0)
    return (v1, a0)
