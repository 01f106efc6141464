// wrap.subclass_wrapper with frozen inputs and symints.
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK: func.func private @flat(!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index, !wrap.tensor<4xf32>) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
// CHECK-NEXT: wrap.subclass_wrapper @g : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> calls @flat {append_symints, frozen = array<i64: 1>}
// CHECK-NEXT: }

func.func private @flat(!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index, !wrap.tensor<4xf32>) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
wrap.subclass_wrapper @g : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>)
    -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
    calls @flat {frozen = array<i64: 1>, append_symints}
