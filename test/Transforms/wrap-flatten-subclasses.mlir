// wrap-flatten-subclasses: AOTDispatchSubclassWrapper with every index,
// attribute and type baked in.
// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses=check-types=false | FileCheck %s --check-prefix=CHECK-NOCHECK
// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses | FileCheck %s --check-prefix=CHECK-NONE
// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses=check-types=false | FileCheck %s --check-prefix=CHECK-NOTYPE

// No wrapper survives; with check-types=false no type check is emitted
// anywhere, and the rest is unchanged.
// CHECK-NONE-NOT:   wrap.subclass_wrapper
// CHECK-NOTYPE-NOT: wrap.subclass.check_type
// CHECK-NOTYPE-NOT: wrap.subclass_wrapper

// Unwrap at entry (after the run-time type check), call the flat callee,
// rebuild the subclass result from its leaves; plain tensors pass through.
// CHECK-LABEL: func.func @two(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, %[[X:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-SAME:    -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>)
// CHECK-NEXT:    wrap.subclass.check_type %[[S]] : !wrap.subclass<"TwoTensor"
// CHECK-NEXT:    %[[U:.*]]:2 = wrap.subclass.unwrap %[[S]] : !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> -> !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]]:3 = call @flat_two(%[[U]]#0, %[[U]]#1, %[[X]]) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>
// CHECK-NEXT:    return %[[W]], %[[R]]#2 :
// CHECK-NOCHECK-LABEL: func.func @two(
// CHECK-NOCHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor"
// CHECK-NOCHECK-NEXT:    wrap.subclass.unwrap %[[S]]
func.func private @flat_two(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @two : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>)
    -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>) calls @flat_two

// -----

// Nested subclasses unwrap and rebuild recursively, in attribute order: the
// nested subclass's leaves take its place among the outer one's.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"Outer"
// CHECK-NEXT:    wrap.subclass.check_type %[[S]]
// CHECK-NEXT:    %[[U:.*]]:3 = wrap.subclass.unwrap %[[S]] : !wrap.subclass<"Outer"{{.*}}> -> !wrap.tensor<4xf32>, !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, !wrap.tensor<4xi8>
// CHECK-NEXT:    %[[V:.*]]:2 = wrap.subclass.unwrap %[[U]]#1 : !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]> -> !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]]:4 = call @flat_nested(%[[U]]#0, %[[V]]#0, %[[V]]#1, %[[U]]#2)
// CHECK-NEXT:    %[[IN:.*]] = wrap.subclass.wrap(%[[R]]#1, %[[R]]#2 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.subclass<"Inner"
// CHECK-NEXT:    %[[OUT:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[IN]], %[[R]]#3 : !wrap.tensor<4xf32>, !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, !wrap.tensor<4xi8>) -> !wrap.subclass<"Outer"
// CHECK-NEXT:    return %[[OUT]]
func.func private @flat_nested(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi8>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi8>)
wrap.subclass_wrapper @nested
    : (!wrap.subclass<"Outer", 4xf32, [bias: !wrap.tensor<4xf32>, inner: !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, scale: !wrap.tensor<4xi8>]>)
    -> !wrap.subclass<"Outer", 4xf32, [bias: !wrap.tensor<4xf32>, inner: !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, scale: !wrap.tensor<4xi8>]>
    calls @flat_nested

// -----

// With append_symints, each subclass's dynamic outer sizes follow its own
// leaves (subclass by subclass, plain symbolic ints untouched), and rebuild
// each subclass result's outer sizes from the callee's results that follow
// its leaves; subclass meta is carried over.
// CHECK-LABEL: func.func @symints(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor", ?x?xf32, {{.*}}>, %[[N:[^:]*]]: index, %[[F:[^:]*]]: !wrap.subclass<"Fp8", ?xf32, [data: !wrap.tensor<?xi8>], meta = {scale = 2.000000e+00 : f64}>)
// CHECK-NEXT:    wrap.subclass.check_type %[[S]]
// CHECK-NEXT:    %[[U:.*]]:4 = wrap.subclass.unwrap %[[S]] {symints} : {{.*}} -> !wrap.tensor<?x?xf32>, !wrap.tensor<?x?xf32>, index, index
// CHECK-NEXT:    wrap.subclass.check_type %[[F]]
// CHECK-NEXT:    %[[V:.*]]:2 = wrap.subclass.unwrap %[[F]] {symints} : {{.*}} -> !wrap.tensor<?xi8>, index
// CHECK-NEXT:    %[[R:.*]]:6 = call @flat_sym(%[[U]]#0, %[[U]]#1, %[[U]]#2, %[[U]]#3, %[[N]], %[[V]]#0, %[[V]]#1)
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[R]]#1 : !wrap.tensor<?xi8>) outer(%[[R]]#2) -> !wrap.subclass<"Fp8", ?xf32, [data: !wrap.tensor<?xi8>], meta = {scale = 2.000000e+00 : f64}>
// CHECK-NEXT:    %[[T:.*]] = wrap.subclass.wrap(%[[R]]#3, %[[R]]#4 : !wrap.tensor<?x?xf32>, !wrap.tensor<?x?xf32>) outer(%[[R]]#5) -> !wrap.subclass<"TwoTensor", 4x?xf32
// CHECK-NEXT:    return %[[R]]#0, %[[W]], %[[T]] :
func.func private @flat_sym(!wrap.tensor<?x?xf32>, !wrap.tensor<?x?xf32>, index, index, index, !wrap.tensor<?xi8>, index)
    -> (index, !wrap.tensor<?xi8>, index, !wrap.tensor<?x?xf32>, !wrap.tensor<?x?xf32>, index)
wrap.subclass_wrapper @symints
    : (!wrap.subclass<"TwoTensor", ?x?xf32, [a: !wrap.tensor<?x?xf32>, b: !wrap.tensor<?x?xf32>]>, index,
       !wrap.subclass<"Fp8", ?xf32, [data: !wrap.tensor<?xi8>], meta = {scale = 2.0 : f64}>)
    -> (index, !wrap.subclass<"Fp8", ?xf32, [data: !wrap.tensor<?xi8>], meta = {scale = 2.0 : f64}>,
        !wrap.subclass<"TwoTensor", 4x?xf32, [a: !wrap.tensor<?x?xf32>, b: !wrap.tensor<?x?xf32>]>)
    calls @flat_sym {append_symints}

// -----

// append_symints on a static subclass adds no symints.
// CHECK-LABEL: func.func @static_symints(
// CHECK:         %[[U:.*]]:2 = wrap.subclass.unwrap %{{.*}} {symints} : {{.*}} -> !wrap.tensor<4xf32>, !wrap.tensor<4xf32>{{$}}
// CHECK-NEXT:    %[[R:.*]]:2 = call @flat_static(%[[U]]#0, %[[U]]#1)
// CHECK-NEXT:    wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor"
func.func private @flat_static(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @static_symints : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>)
    -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @flat_static {append_symints}

// -----

// Frozen inputs become null placeholders, one per leaf (nested leaves
// included), and are not type-checked; a frozen plain tensor becomes one
// null; non-frozen inputs are still checked and unwrapped.
// CHECK-LABEL: func.func @frozen(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"Outer"{{.*}}, %[[P:[^:]*]]: !wrap.tensor<2xf32>, %[[Q:[^:]*]]: !wrap.tensor<2xf32>, %[[T:[^:]*]]: !wrap.subclass<"TwoTensor"
// CHECK-NEXT:    %[[N0:.*]] = wrap.null : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[N1:.*]] = wrap.null : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[N2:.*]] = wrap.null : !wrap.tensor<4xi8>
// CHECK-NEXT:    %[[N3:.*]] = wrap.null : !wrap.tensor<2xf32>
// CHECK-NEXT:    wrap.subclass.check_type %[[T]]
// CHECK-NEXT:    %[[U:.*]]:2 = wrap.subclass.unwrap %[[T]]
// CHECK-NEXT:    call @flat_frozen(%[[N0]], %[[N1]], %[[N2]], %[[N3]], %[[Q]], %[[U]]#0, %[[U]]#1)
// CHECK-NEXT:    return
// CHECK-NOCHECK-LABEL: func.func @frozen(
// CHECK-NOCHECK:         wrap.null : !wrap.tensor<2xf32>
// CHECK-NOCHECK-NEXT:    wrap.subclass.unwrap
func.func private @flat_frozen(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi8>, !wrap.tensor<2xf32>, !wrap.tensor<2xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
wrap.subclass_wrapper @frozen
    : (!wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, scale: !wrap.tensor<4xi8>]>,
       !wrap.tensor<2xf32>, !wrap.tensor<2xf32>,
       !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>) -> ()
    calls @flat_frozen {frozen = array<i64: 0, 1>}

// -----

// Only the result is a subclass: nothing to unwrap, one rebuild.
// CHECK-LABEL: func.func @result_only(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>)
// CHECK-NEXT:    %[[R:.*]]:2 = call @flat_result(%[[X]])
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor"
// CHECK-NEXT:    return %[[W]]
func.func private @flat_result(!wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @result_only : (!wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]> calls @flat_result
