// wrap.grad_mode.get / wrap.grad_mode.set: save, disable, restore.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[FLAG:[^:]*]]: i1) -> i1 {
// CHECK-NEXT:    %[[SAVED:.*]] = wrap.grad_mode.get{{$}}
// CHECK-NEXT:    %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT:    wrap.grad_mode.set %[[FALSE]]{{$}}
// CHECK-NEXT:    wrap.grad_mode.set %[[FLAG]]{{$}}
// CHECK-NEXT:    wrap.grad_mode.set %[[SAVED]]{{$}}
// CHECK-NEXT:    return %[[SAVED]] : i1
func.func @f(%flag: i1) -> i1 {
  %g = wrap.grad_mode.get
  %false = arith.constant false
  wrap.grad_mode.set %false
  wrap.grad_mode.set %flag
  wrap.grad_mode.set %g
  return %g : i1
}
