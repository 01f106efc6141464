// wrap.subclass_wrapper: subclass arguments and results, frozen inputs,
// append_symints, nested subclasses, and a wrap.runtime_wrapper callee.
// RUN: wrapc-opt %s -split-input-file | wrapc-opt -split-input-file | FileCheck %s

// A subclass argument flattened into a func.func callee; no attributes.
// CHECK:      func.func private @flat(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT: wrap.subclass_wrapper @plain : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.tensor<4xf32> calls @flat{{$}}
func.func private @flat(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
wrap.subclass_wrapper @plain : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> !wrap.tensor<4xf32>
    calls @flat

// -----

// Frozen inputs and symints; an empty frozen list is the default and is
// not printed, a non-empty one is.
// CHECK:      func.func private @flat(!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index, !wrap.tensor<4xf32>) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
// CHECK-NEXT: wrap.subclass_wrapper @g : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> calls @flat {append_symints, frozen = array<i64: 1>}{{$}}
// CHECK-NEXT: wrap.subclass_wrapper @h : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> calls @flat {append_symints}{{$}}
func.func private @flat(!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index, !wrap.tensor<4xf32>) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
wrap.subclass_wrapper @g : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>)
    -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
    calls @flat {frozen = array<i64: 1>, append_symints}
wrap.subclass_wrapper @h : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>, !wrap.tensor<4xf32>)
    -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>
    calls @flat {frozen = array<i64>, append_symints}

// -----

// A nested subclass with meta, flattened leaf by leaf, and a callee that is
// still a wrap.runtime_wrapper (level 1 on level 1).
// CHECK:      func.func private @graph(!wrap.tensor<8xi8>, !wrap.tensor<f32>, !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32>
// CHECK-NEXT: wrap.runtime_wrapper @inner : (!wrap.tensor<8xi8>, !wrap.tensor<f32>, !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32> calls @graph inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>] outputs [#wrap.output<non_alias>]
// CHECK-NEXT: wrap.subclass_wrapper @outer : (!wrap.subclass<"Wrapper", 8xf32, [q: !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>, scale: !wrap.tensor<f32>], meta = {fmt = "e4m3"}>, bias: !wrap.tensor<8xf32>]>) -> !wrap.tensor<8xf32> calls @inner{{$}}
func.func private @graph(!wrap.tensor<8xi8>, !wrap.tensor<f32>, !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32>
wrap.runtime_wrapper @inner : (!wrap.tensor<8xi8>, !wrap.tensor<f32>, !wrap.tensor<8xf32>) -> !wrap.tensor<8xf32> calls @graph
    inputs [#wrap.input<>, #wrap.input<>, #wrap.input<>] outputs [#wrap.output<non_alias>]
wrap.subclass_wrapper @outer
    : (!wrap.subclass<"Wrapper", 8xf32, [q: !wrap.subclass<"Fp8", 8xf32, [data: !wrap.tensor<8xi8>, scale: !wrap.tensor<f32>], meta = {fmt = "e4m3"}>, bias: !wrap.tensor<8xf32>]>)
    -> !wrap.tensor<8xf32>
    calls @inner

// -----

// Only a result is a subclass.
// CHECK: wrap.subclass_wrapper @result_only : (!wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @flat{{$}}
func.func private @flat(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @result_only : (!wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
    calls @flat
