# A random program the oracle found wrapc differing on (python/tests/test_random_programs.py).
# Re-run: cd python/tests && python -c 'import oracle; print(oracle.check(136).report())'
# Shrink: cd python/tests && python minimize.py 136 --write
#
# seed 136: 8 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#       wrapc vs PyTorch: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#       wrapc vs PyTorch: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#       wrapc vs PyTorch: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#       wrapc vs PyTorch: got [[[-1089215052, 1045012306, 1064687595, 1068676899, -1090215454], [1039568670, 1025750630, 1046747811, 1065261697, 1048903504]]]
#       want [[[1039568670, 1025750630, 1046747811, 1065261697, 1048903504], [979478160, 1037333556, 1035614598, 997362049, 1047103689]]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (1,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (1,), None)

import torch

# seed 136 (attempt 0): called under torch.enable_grad(); direct path keep_input_mutations=False; torch.compile dynamic=False; Dynamo-friendly

def make_inputs():
    g = torch.Generator().manual_seed(136)
    t1 = torch.randint(-5, 6, (2,), generator=g, dtype=torch.int64)
    t2 = torch.randn((3, 5), generator=g, dtype=torch.float32)
    t3 = t2[1:]
    a0 = t1
    a1 = t3
    return [a0, a1], []


def fn(a0, a1):
    a1.mul_(a1)
    a0.copy_(a0)
    v1 = a0.add(a0)
    v2 = a1.view(2, 5, 1)
    v1.mul_(a0)
    v3 = a1.view(torch.int32)
    v4 = v2.transpose(2, 1)
    return (v3, v1, v2)


# Shrunk (python minimize.py 136):
#
# seed 136: 8 unexplained difference(s)
#   direct call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#       wrapc vs PyTorch: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#   direct call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#   direct call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#       wrapc vs PyTorch: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#   direct call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#   dynamo call 1: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#       wrapc vs PyTorch: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#   dynamo call 1: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#   dynamo call 2: values[0] differs from eager and from PyTorch:
#       wrapc vs eager: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#       wrapc vs PyTorch: got [[[1048306388, -1081614059, 1049545386, 1057080441, 1033799044], [1065655507, 1041787731, 1058713399, 1058076009, 1057633192]]]
#       want [[[1065655507, 1041787731, 1058713399, 1058076009, 1057633192], [1076005973, 1039560776, 1068431354, 1041883677, 1077037514]]]
#   dynamo call 2: outputs[0] differs from eager and from PyTorch:
#       wrapc vs eager: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
#       wrapc vs PyTorch: got ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 0, False, True, (0,), None)
#       want ('tensor', 'Tensor', torch.int32, (2, 5), (5, 1), 5, False, True, (0,), None)
# import torch
#
# # seed 136 (attempt 0): called under torch.no_grad(); direct path keep_input_mutations=False; torch.compile dynamic=None; Dynamo-friendly
#
# def make_inputs():
#     g = torch.Generator().manual_seed(136)
#     t2 = torch.randn((3, 5), generator=g, dtype=torch.float32)
#     t3 = t2[1:]
#     a1 = t3
#     return [a1], []
#
#
# def fn(a1):
#     a1.mul_(a1)
#     v3 = a1.view(torch.int32)
#     return (v3,)
#
