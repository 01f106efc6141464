// wrap.kernel takes float scalar arguments, so wrap.launch passes them.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<?xf32, cuda>, %[[A:[^:]*]]: f32, %[[B:[^:]*]]: f64, %[[G:[^:]*]]: index)
// CHECK-NEXT:    wrap.launch @axpy grid(%[[G]]) args(%[[X]], %[[A]], %[[B]]) : !wrap.tensor<?xf32, cuda>, f32, f64
wrap.kernel @axpy : (!wrap.tensor<?xf32, cuda>, f32, f64) -> () entry "axpy"
    configs [#wrap.config<"X128", block = [128], num_warps = 4, num_stages = 1, shared = 0>] {ptx_file = "axpy.ptx"}
func.func @f(%x: !wrap.tensor<?xf32, cuda>, %a: f32, %b: f64, %g: index) {
  wrap.launch @axpy grid(%g) args(%x, %a, %b) : !wrap.tensor<?xf32, cuda>, f32, f64
  return
}
