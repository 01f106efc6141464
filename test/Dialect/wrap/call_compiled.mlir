// wrap.call_compiled with no results, one result, several results of every
// value kind (tensor, subclass, index, signless integer).
// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s

// CHECK:      func.func private @nothing()
// CHECK-NEXT: func.func private @one(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT: func.func private @many(!wrap.tensor<4xf32>, index, i64, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> (!wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>)
// CHECK-LABEL: func.func @f(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<4xf32>, %[[N:[^:]*]]: index, %[[I:[^:]*]]: i64, %[[S:[^:]*]]: !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>)
// CHECK-NEXT:    wrap.call_compiled @nothing() : () -> (){{$}}
// CHECK-NEXT:    %[[ONE:.*]] = wrap.call_compiled @one(%[[X]]) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// CHECK-NEXT:    %[[R:.*]]:4 = wrap.call_compiled @many(%[[ONE]], %[[N]], %[[I]], %[[S]]) : (!wrap.tensor<4xf32>, index, i64, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> (!wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>)
// CHECK-NEXT:    return %[[R]]#0, %[[R]]#1, %[[R]]#2, %[[R]]#3 :
func.func private @nothing()
func.func private @one(!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
func.func private @many(!wrap.tensor<4xf32>, index, i64, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> (!wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>)
func.func @f(%x: !wrap.tensor<4xf32>, %n: index, %i: i64, %s: !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> (!wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) {
  wrap.call_compiled @nothing() : () -> ()
  %one = wrap.call_compiled @one(%x) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  %r:4 = wrap.call_compiled @many(%one, %n, %i, %s) : (!wrap.tensor<4xf32>, index, i64, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>) -> (!wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>)
  return %r#0, %r#1, %r#2, %r#3 : !wrap.tensor<4xf32>, index, i1, !wrap.subclass<"S", 4xf32, [a: !wrap.tensor<4xf32>]>
}
