// wrap-specialize on PyTorch's nesting of its wrappers: AOTDedupeWrapper
// outside AOTSyntheticBaseWrapper outside the RuntimeWrapper.
// RUN: wrapc-opt %s --wrap-specialize | FileCheck %s

// PyTorch's nesting, specialized: the dedupe check, then the base, then
// the runtime wrapper's call and its copy_ into the base.
// CHECK-LABEL: func.func @rw(
// CHECK:         wrap.call_compiled @graph
// CHECK:         wrap.copy_inplace
// CHECK-LABEL: func.func @s(
// CHECK-NEXT:    %[[B:.*]] = wrap.synthetic_base %arg0, %arg1 {args = array<i64: 0, 1>}
// CHECK-NEXT:    call @rw(%[[B]])
// CHECK-LABEL: func.func @d(
// CHECK-NEXT:    wrap.check_same_tensor %arg2, %arg0
// CHECK-NEXT:    call @s(%arg0, %arg1)
func.func private @graph(!wrap.tensor<6xf32>) -> !wrap.tensor<6xf32>
wrap.runtime_wrapper @rw : (!wrap.tensor<6xf32>) -> () calls @graph
    inputs [#wrap.input<mutates_data>] outputs []
wrap.synthetic_base_wrapper @s : (!wrap.tensor<6xf32>, !wrap.tensor<3xf32>) -> () calls @rw args [0, 0]
wrap.dedupe_wrapper @d : (!wrap.tensor<6xf32>, !wrap.tensor<3xf32>, !wrap.tensor<6xf32>) -> () calls @s dupes [0, 1, 0]
