// wrap.mark_differentiable round trips, and is not erased as dead or
// merged by CSE: it writes the tensor's autograd state.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s
// RUN: wrapc-opt %s --cse --canonicalize | FileCheck %s --check-prefix=KEPT

// CHECK-LABEL: func.func @marks(
// CHECK-NEXT:    wrap.mark_differentiable %arg0, true : !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.mark_differentiable %arg1, false : !wrap.tensor<2xi64>
// KEPT-COUNT-3: wrap.mark_differentiable
func.func @marks(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<2xi64>) {
  wrap.mark_differentiable %a, true : !wrap.tensor<4xf32>
  wrap.mark_differentiable %b, false : !wrap.tensor<2xi64>
  wrap.mark_differentiable %a, true : !wrap.tensor<4xf32>
  return
}
