// wrap.subclass.unwrap (with symints) / wrap.subclass.wrap (with outer sizes) / wrap.subclass.check_type.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> {
// CHECK-NEXT: wrap.subclass.check_type %[[V0_ARG0]] : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
// CHECK-NEXT: %[[V1_0:[a-zA-Z0-9_#]+]]:3 = wrap.subclass.unwrap %[[V0_ARG0]] {symints} : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
// CHECK-NEXT: %[[V2_1:[a-zA-Z0-9_#]+]] = wrap.subclass.wrap(%[[V3_0_0:[a-zA-Z0-9_#]+]], %[[V4_0_1:[a-zA-Z0-9_#]+]] : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>) outer(%[[V5_0_2:[a-zA-Z0-9_#]+]]) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
// CHECK-NEXT: return %[[V2_1]] : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%s: !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> {
  wrap.subclass.check_type %s : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
  %a, %b, %n = wrap.subclass.unwrap %s {symints} : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> -> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
  %r = wrap.subclass.wrap(%a, %b : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>) outer(%n) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
  return %r : !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
}
