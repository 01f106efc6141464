# Inductor's wrapper program imported as wrap IR (the native call path), for
# an MLP on the CPU: Inductor's allocations, its extern matmuls with their
# transposed-weight views, its C++ kernel (a library kernel), and a free
# after each buffer's last use, in Inductor's order; the runtime wrapper
# calls the imported program in the same module, which verifies.
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s < %t.mlir
# RUN: wrapc-opt %t.mlir --wrap-specialize | FileCheck %s --check-prefix=VERIFIED
import warnings

import torch
import wrapc_torch

warnings.simplefilter("ignore")
torch.manual_seed(0)
mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 8)).eval()
with torch.no_grad():
    print(wrapc_torch.export(mlp, torch.randn(4, 16), inner="inductor", direct=True), end="")

# CHECK:      wrap.kernel @[[K:cpp_0_[a-z0-9_]+]] : (!wrap.tensor<4x32xf32>) -> () entry "kernel" configs []
# CHECK-SAME:     {library = "{{.*}}.so"}
# CHECK:      func.func private @wrapc_torch_native_graph(%[[W1:[a-z0-9]+]]: !wrap.tensor<32x16xf32>, %[[B1:[a-z0-9]+]]: !wrap.tensor<32xf32>, %[[W2:[a-z0-9]+]]: !wrap.tensor<8x32xf32>, %[[B2:[a-z0-9]+]]: !wrap.tensor<8xf32>, %[[X:[a-z0-9]+]]: !wrap.tensor<4x16xf32>) -> !wrap.tensor<4x8xf32>
# CHECK:        %[[H:.*]] = wrap.empty_strided [4, 32] [32, 1] : !wrap.tensor<4x32xf32>
# The weight's transpose is a view of the input, offset from the input's own offset.
# CHECK:        %[[OFF1:.*]] = wrap.tensor.offset %[[W1]]
# CHECK:        %[[W1T:.*]] = wrap.reinterpret %[[W1]] [16, 32] [1, 16] %{{.*}} : !wrap.tensor<32x16xf32> -> !wrap.tensor<16x32xf32>
# CHECK-NEXT:   wrap.extern_call "aten::addmm.out" "t0;t1;t2;alpha=c:1;beta=c:1;out=t3" (%[[B1]], %[[X]], %[[W1T]], %[[H]])
# CHECK-NEXT:   wrap.free %[[W1T]]
# CHECK-NEXT:   wrap.launch @[[K]] args(%[[H]]) : !wrap.tensor<4x32xf32>
# CHECK-NEXT:   %[[Y:.*]] = wrap.empty_strided [4, 8] [8, 1] : !wrap.tensor<4x8xf32>
# CHECK:        %[[W2T:.*]] = wrap.reinterpret %[[W2]] [32, 8] [1, 32]
# CHECK-NEXT:   wrap.extern_call "aten::addmm.out" "t0;t1;t2;alpha=c:1;beta=c:1;out=t3" (%[[B2]], %[[H]], %[[W2T]], %[[Y]])
# CHECK-DAG:    wrap.free %[[H]]
# CHECK-DAG:    wrap.free %[[W2T]]
# CHECK:        func.return %[[Y]] : !wrap.tensor<4x8xf32>
# CHECK:      wrap.runtime_wrapper @wrapc_torch_wrapper
# CHECK-SAME:     calls @wrapc_torch_native_graph

# VERIFIED: func.func private @wrapc_torch_native_graph
