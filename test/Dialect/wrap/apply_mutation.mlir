// wrap.apply_mutation and its four specializations.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func @f(%[[V0_ARG0:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>, %[[V1_ARG1:[a-zA-Z0-9_#]+]]: !wrap.tensor<4xf32>, %[[V2_ARG2:[a-zA-Z0-9_#]+]]: !wrap.tensor<1xf16>) {
// CHECK-NEXT: wrap.apply_mutation %[[V0_ARG0]], %[[V1_ARG1]] {info = #wrap.input<mutates_data, mutates_metadata>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.set_storage %[[V0_ARG0]], %[[V1_ARG1]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.as_strided_inplace %[[V0_ARG0]], %[[V1_ARG1]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.copy_inplace %[[V0_ARG0]], %[[V2_ARG2]] : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
// CHECK-NEXT: wrap.detach_copy_inplace %[[V0_ARG0]], %[[V1_ARG1]] : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%orig: !wrap.tensor<4xf32>, %new: !wrap.tensor<4xf32>, %small: !wrap.tensor<1xf16>) {
  wrap.apply_mutation %orig, %new {info = #wrap.input<mutates_data, mutates_metadata>, trace_joint} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.set_storage %orig, %new : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.as_strided_inplace %orig, %new : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.copy_inplace %orig, %small : !wrap.tensor<4xf32>, !wrap.tensor<1xf16>
  wrap.detach_copy_inplace %orig, %new : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}
