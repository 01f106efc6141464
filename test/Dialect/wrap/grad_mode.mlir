// wrap.grad_mode.get / wrap.grad_mode.set.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f() {
// CHECK-NEXT: %[[V0_0:[a-zA-Z0-9_#]+]] = wrap.grad_mode.get
// CHECK-NEXT: %[[V1_FALSE:[a-zA-Z0-9_#]+]] = arith.constant false
// CHECK-NEXT: wrap.grad_mode.set %[[V1_FALSE]]
// CHECK-NEXT: wrap.grad_mode.set %[[V0_0]]
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f() {
  %g = wrap.grad_mode.get
  %false = arith.constant false
  wrap.grad_mode.set %false
  wrap.grad_mode.set %g
  return
}
