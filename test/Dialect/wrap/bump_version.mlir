// wrap.bump_version.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32, cuda>) {
// CHECK-NEXT: wrap.bump_version %[[V0_ARG0]] : !wrap.tensor<4xf32, cuda>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%x: !wrap.tensor<4xf32, cuda>) {
  wrap.bump_version %x : !wrap.tensor<4xf32, cuda>
  return
}
