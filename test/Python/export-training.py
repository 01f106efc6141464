# A training forward (an input requires grad under grad mode): the callee is
# AOTAutograd's CompiledFunction, so the wrapper carries trace_joint and the
# inputs PyTorch detaches before the call (indices_of_inps_to_detach); views
# of an intermediate come back through an intermediate base. The specialized
# wrapper turns grad mode on around the call and detaches those inputs.
# RUN: %python %s > %t.mlir
# RUN: FileCheck %s < %t.mlir
# RUN: wrapc-opt %t.mlir --wrap-specialize | FileCheck %s --check-prefix=SPEC
import torch
import wrapc_torch


def f(x, mask, buf):
    buf.add_(1)
    # mask is a non-leaf that requires grad, and no gradient reaches it
    # through this graph: PyTorch detaches it (graph_compile.py,
    # _aot_stage2a_partition)
    y = (x * (mask > 0)).exp()
    return y.t(), y[0], x.view(-1)


x = torch.randn(2, 3, requires_grad=True)
with torch.enable_grad():
    mask = torch.randn(2, 3, requires_grad=True) * 2
    print(wrapc_torch.export(f, x, mask, torch.zeros(3)), end="")

# CHECK:      func.func private @wrapc_torch_graph(!wrap.tensor<3xf32>, !wrap.tensor<2x3xf32>, !wrap.tensor<2x3xf32>) -> (!wrap.tensor<3xf32>, !wrap.tensor<3x2xf32>, !wrap.tensor<3xf32>, !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32>)
# CHECK:      inputs [#wrap.input<mutates_data, is_leaf>, #wrap.input<requires_grad>, #wrap.input<requires_grad, is_leaf>]
# CHECK-NEXT: outputs [#wrap.output<alias_of_intermediate_save_as_output, base = 0, requires_grad, view = <[?, ?], [?, ?], ?>>, #wrap.output<alias_of_intermediate, base = 0, requires_grad, view = <[?], [?], ?>>, #wrap.output<alias_of_input, base = 2, requires_grad, view = <[?], [?], ?>>]
# CHECK-NEXT: {num_intermediate_bases = 1, trace_joint, detach_inputs = array<i64: 1>}

# SPEC-LABEL: func.func @wrapc_torch_wrapper(
# SPEC-SAME:    %[[BUF:.*]]: !wrap.tensor<3xf32>, %[[MASK:.*]]: !wrap.tensor<2x3xf32>, %[[X:.*]]: !wrap.tensor<2x3xf32>)
# SPEC-NEXT:    %[[DETACHED:.*]] = wrap.detach %[[MASK]]
# SPEC-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get
# SPEC-NEXT:    %[[TRUE:.*]] = arith.constant true
# SPEC-NEXT:    wrap.grad_mode.set %[[TRUE]]
# SPEC-NEXT:    %[[OUT:.*]]:5 = wrap.call_compiled @wrapc_torch_graph(%[[BUF]], %[[DETACHED]], %[[X]])
# SPEC-NEXT:    wrap.grad_mode.set %[[SAVED]]
# SPEC-NEXT:    wrap.mark_differentiable %[[OUT]]#0, false
# SPEC-NEXT:    wrap.mark_differentiable %[[OUT]]#4, true
# SPEC-NEXT:    wrap.copy_inplace %[[BUF]], %[[OUT]]#0
# SPEC:         wrap.as_strided %[[OUT]]#4 [3, 2]
# SPEC-NEXT:    wrap.patch_requires_grad {{.*}} from %[[OUT]]#4, true
# SPEC:         wrap.as_strided %[[X]] [6]
