// wrap.device_guard: a single-block region without terminator, possibly
// empty, possibly nested.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32, cuda>, %[[G:[^:]*]]: index)
// CHECK-NEXT:    wrap.device_guard 0 {
// CHECK-NEXT:    }
// CHECK-NEXT:    wrap.device_guard 1 {
// CHECK-NEXT:      wrap.assert_finite %[[X]], "x" : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT:      wrap.launch @k grid(%[[G]]) args(%[[X]]) : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT:      wrap.device_guard 3 {
// CHECK-NEXT:        wrap.bump_version %[[X]] : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k" configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx_file = "k.ptx"}
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  wrap.device_guard 0 {
  }
  wrap.device_guard 1 {
    wrap.assert_finite %x, "x" : !wrap.tensor<4xf32, cuda>
    wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
    wrap.device_guard 3 {
      wrap.bump_version %x : !wrap.tensor<4xf32, cuda>
    }
  }
  return
}
