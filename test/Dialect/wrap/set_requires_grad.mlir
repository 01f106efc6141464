// wrap.set_requires_grad (requires_grad_(flag)) and wrap.patch_requires_grad
// (gen_alias_from_base's run-time requires_grad fix-up, base of another type).
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>, %[[BASE:[^:]*]]: !wrap.tensor<2x8xf32, cuda>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
// CHECK-NEXT:    wrap.set_requires_grad %[[X]], true : !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.set_requires_grad %[[X]], false : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[P:.*]] = wrap.patch_requires_grad %[[X]] from %[[BASE]], false : !wrap.tensor<4xf32>, !wrap.tensor<2x8xf32, cuda>
// CHECK-NEXT:    %[[Q:.*]] = wrap.patch_requires_grad %[[P]] from %[[X]], true : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    return %[[P]], %[[Q]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
func.func @f(%x: !wrap.tensor<4xf32>, %base: !wrap.tensor<2x8xf32, cuda>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  wrap.set_requires_grad %x, true : !wrap.tensor<4xf32>
  wrap.set_requires_grad %x, false : !wrap.tensor<4xf32>
  %p = wrap.patch_requires_grad %x from %base, false : !wrap.tensor<4xf32>, !wrap.tensor<2x8xf32, cuda>
  %q = wrap.patch_requires_grad %p from %x, true : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return %p, %q : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}
