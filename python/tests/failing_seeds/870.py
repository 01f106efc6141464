# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(870).report())'
# Shrink: cd python/tests && python minimize.py 870 --write
#
# seed 870: 8 unexplained difference(s)
#   direct call 1: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   direct call 2: PyTorch raises (AssertionError: incorrect out shape after application of ViewMeta sequence: (12,) (actual) vs (6,) (expected)); wrapc differs from eager on grad_fns[2]:
#       got 'CopyBackwards'
#       want 'CopySlices'
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[1.8678654432296753, 2.141737699508667, 1.806260347366333, 0.7315985560417175, 1.1460562944412231, -0.34923607110977173]]
#       want [[1.8678654432296753, 1.806260347366333, 1.1460562944412231, 2.075753927230835, 1.1013418436050415, 1.7393624782562256]]
#       wrapc vs PyTorch: got [[1.8678654432296753, 2.141737699508667, 1.806260347366333, 0.7315985560417175, 1.1460562944412231, -0.34923607110977173]]
#       want [[1.8678654432296753, 1.806260347366333, 1.1460562944412231, 2.075753927230835, 1.1013418436050415, 1.7393624782562256]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, True, False, (2, 3), 3)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, True, False, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, True, False, (2, 3), 3)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, True, False, (2, 3), 3)
#   dynamo call 1: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.9863499999046326, 0.8964447379112244, 0.5441054105758667, 0.6323062777519226, 0.6563162803649902, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084, 0.6976675987243652, 0.800011396408081]
#       want [0.9863499999046326, 0.8964447379112244, 1.2238497734069824, 0.6323062777519226, 0.4373708963394165, 0.40171730518341064, 0.1543562412261963, 0.16885894536972046, 0.6013112664222717, 0.518521785736084, 1.3317463397979736, 0.800011396408081]
#       wrapc vs PyTorch: got [0.9863499999046326, 0.8964447379112244, 0.5441054105758667, 0.6323062777519226, 0.6563162803649902, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084, 0.6976675987243652, 0.800011396408081]
#       want [0.9863499999046326, 0.8964447379112244, 1.2238497734069824, 0.6323062777519226, 0.4373708963394165, 0.40171730518341064, 0.1543562412261963, 0.16885894536972046, 0.6013112664222717, 0.518521785736084, 1.3317463397979736, 0.800011396408081]
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[1.8678654432296753, 2.141737699508667, 1.806260347366333, 0.7315985560417175, 1.1460562944412231, -0.34923607110977173]]
#       want [[1.8678654432296753, 1.806260347366333, 1.1460562944412231, 2.075753927230835, 1.1013418436050415, 1.7393624782562256]]
#       wrapc vs PyTorch: got [[1.8678654432296753, 2.141737699508667, 1.806260347366333, 0.7315985560417175, 1.1460562944412231, -0.34923607110977173]]
#       want [[1.8678654432296753, 1.806260347366333, 1.1460562944412231, 2.075753927230835, 1.1013418436050415, 1.7393624782562256]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, True, False, (2, 3), 3)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, True, False, (2, 3), 3)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.float32, (6,), (1,), 0, True, False, (2, 3), 3)
#       want ('tensor', 'Tensor', torch.float32, (6,), (2,), 0, True, False, (2, 3), 3)
#   dynamo call 2: grads[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [0.9863499999046326, 0.8964447379112244, 0.5441054105758667, 0.6323062777519226, 0.6563162803649902, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084, 0.6976675987243652, 0.800011396408081]
#       want [0.9863499999046326, 0.8964447379112244, 1.2238497734069824, 0.6323062777519226, 0.4373708963394165, 0.40171730518341064, 0.1543562412261963, 0.16885894536972046, 0.6013112664222717, 0.518521785736084, 1.3317463397979736, 0.800011396408081]
#       wrapc vs PyTorch: got [0.9863499999046326, 0.8964447379112244, 0.5441054105758667, 0.6323062777519226, 0.6563162803649902, 0.40171730518341064, 0.022325754165649414, 0.16885894536972046, 0.2938884496688843, 0.518521785736084, 0.6976675987243652, 0.800011396408081]
#       want [0.9863499999046326, 0.8964447379112244, 1.2238497734069824, 0.6323062777519226, 0.4373708963394165, 0.40171730518341064, 0.1543562412261963, 0.16885894536972046, 0.6013112664222717, 0.518521785736084, 1.3317463397979736, 0.800011396408081]
#   notes: pytorch-differs-from-eager: grad_enabled, wrapc-equals-eager-where-pytorch-differs: grad_fns

import torch

# seed 870 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False

def make_inputs():
    g = torch.Generator().manual_seed(870)
    t1 = torch.randn((3,), generator=g, dtype=torch.float64)
    t2 = t1[:3]
    t3 = t1[0:]
    l4 = torch.randn((12,), generator=g, dtype=torch.float32).requires_grad_()
    t5 = l4 * 1
    t6 = t5[::2]
    a0 = t2
    a1 = t3
    a2 = t6
    a3 = t5
    return [a0, a1, a2, a3], [l4]


def fn(a0, a1, a2, a3):
    a0.add_(a1)
    v1 = a2.t()
    a2.add_(1.25)
    v2 = a0.sin()
    torch.set_grad_enabled(False)
    return (v1, v2, a3)
