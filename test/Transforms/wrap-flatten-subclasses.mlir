// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses | FileCheck %s
// RUN: wrapc-opt %s -split-input-file --wrap-flatten-subclasses=check-types=false | FileCheck %s --check-prefix=CHECK-NOCHECK

// Unwrap at entry (after the type check), call the flat callee, rebuild the
// subclass result from its leaves.
// CHECK-LABEL: func.func @two(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor"
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>
// CHECK-NEXT:    wrap.subclass.check_type %[[S]]
// CHECK-NEXT:    %[[U:.*]]:2 = wrap.subclass.unwrap %[[S]] :
// CHECK-NEXT:    %[[R:.*]]:3 = call @flat_two(%[[U]]#0, %[[U]]#1, %[[X]])
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.subclass<"TwoTensor"
// CHECK-NEXT:    return %[[W]], %[[R]]#2
// CHECK-NOCHECK-LABEL: func.func @two(
// CHECK-NOCHECK-NOT:   wrap.subclass.check_type
func.func private @flat_two(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>)
wrap.subclass_wrapper @two : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>)
    -> (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<4xf32>) calls @flat_two

// -----

// Nested subclasses unwrap and rebuild recursively, in attribute order.
// CHECK-LABEL: func.func @nested(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"Outer"
// CHECK-NEXT:    wrap.subclass.check_type %[[S]]
// CHECK-NEXT:    %[[U:.*]]:2 = wrap.subclass.unwrap %[[S]] : !wrap.subclass<"Outer"{{.*}}-> !wrap.subclass<"Inner"{{.*}}, !wrap.tensor<4xi8>
// CHECK-NEXT:    %[[V:.*]]:2 = wrap.subclass.unwrap %[[U]]#0 : !wrap.subclass<"Inner"
// CHECK-NEXT:    %[[R:.*]]:3 = call @flat_nested(%[[V]]#0, %[[V]]#1, %[[U]]#1)
// CHECK-NEXT:    %[[IN:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : {{.*}}) -> !wrap.subclass<"Inner"
// CHECK-NEXT:    %[[OUT:.*]] = wrap.subclass.wrap(%[[IN]], %[[R]]#2 : {{.*}}) -> !wrap.subclass<"Outer"
// CHECK-NEXT:    return %[[OUT]]
func.func private @flat_nested(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi8>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xi8>)
wrap.subclass_wrapper @nested
    : (!wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, scale: !wrap.tensor<4xi8>]>)
    -> !wrap.subclass<"Outer", 4xf32, [inner: !wrap.subclass<"Inner", 4xf32, [p: !wrap.tensor<4xf32>, q: !wrap.tensor<4xf32>]>, scale: !wrap.tensor<4xi8>]>
    calls @flat_nested

// -----

// With symints, the dynamic outer sizes follow each subclass's leaves in,
// and rebuild the result's outer size out.
// CHECK-LABEL: func.func @symints(
// CHECK-SAME:    %[[S:[^:]*]]: !wrap.subclass<"TwoTensor", ?xf32
// CHECK:         %[[U:.*]]:3 = wrap.subclass.unwrap %[[S]] {symints} :{{.*}}-> !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
// CHECK-NEXT:    %[[R:.*]]:3 = call @flat_sym(%[[U]]#0, %[[U]]#1, %[[U]]#2)
// CHECK-NEXT:    %[[W:.*]] = wrap.subclass.wrap(%[[R]]#0, %[[R]]#1 : {{.*}}) outer(%[[R]]#2) -> !wrap.subclass<"TwoTensor", ?xf32
func.func private @flat_sym(!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index)
wrap.subclass_wrapper @symints : (!wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]>)
    -> !wrap.subclass<"TwoTensor", ?xf32, [a: !wrap.tensor<?xf32>, b: !wrap.tensor<?xf32>]> calls @flat_sym {append_symints}

// -----

// Frozen inputs become null placeholders (one per leaf) and are not checked.
// CHECK-LABEL: func.func @frozen(
// CHECK-NOT:     wrap.subclass.check_type
// CHECK:         %[[N0:.*]] = wrap.null : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[N1:.*]] = wrap.null : !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[N2:.*]] = wrap.null : !wrap.tensor<2xf32>
// CHECK-NEXT:    call @flat_frozen(%[[N0]], %[[N1]], %[[N2]], %{{.*}})
func.func private @flat_frozen(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<2xf32>) -> ()
wrap.subclass_wrapper @frozen : (!wrap.subclass<"TwoTensor", 4xf32, [a: !wrap.tensor<4xf32>, b: !wrap.tensor<4xf32>]>, !wrap.tensor<2xf32>, !wrap.tensor<2xf32>) -> ()
    calls @flat_frozen {frozen = array<i64: 0, 1>}
