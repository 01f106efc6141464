// convert-wrap-to-llvm lists, per public entry point, the tensor arguments
// the compiled code only reads (`<entry>_borrowed`, one byte per
// argument): an embedder may lend its own tensor there as a header it
// fills for the call (wrt_borrowed_tensor), with no runtime object.
// RUN: wrapc-opt %s --convert-wrap-to-llvm | FileCheck %s

// %x is launched on, %w an extern kernel's operand, %q only measured, %s
// passed to a callee that only reads it, %t viewed (transposed) for an
// extern kernel and the view freed, %m bumped (the graph wrote it: the
// lent header's own counter counts it), %d passed to a callee that bumps
// it, %r returned (the embedder's own header comes back), %v viewed and
// the view returned (a lent view of it: an output aliasing an input); %u
// viewed and the view bumped (a view's counter is its own), %n an int:
// runtime objects both.
// CHECK-DAG: llvm.mlir.global external constant @f_borrowed(dense<[1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]> : tensor<11xi8>) {addr_space = 0 : i32} : !llvm.array<11 x i8>
// An entry point that only bumps its argument lends it.
// CHECK-DAG: llvm.mlir.global external constant @writes_borrowed(dense<1> : tensor<1xi8>)
// One that returns its only argument lends it.
// CHECK-DAG: llvm.mlir.global external constant @returns_borrowed(dense<1> : tensor<1xi8>)
// A callee that forwards its argument back: the caller's uses of the
// result count. %a is only measured after the round trip, %b's comes
// back and is written back into (a runtime object), %c's is returned.
// CHECK-DAG: llvm.mlir.global external constant @round_trip_borrowed(dense<[1, 0, 1]> : tensor<3xi8>)
// A private function handing back a view of its argument (Inductor's
// graph returning an output that aliases an input): the caller holds a
// lent view, only measured and returned here; one whose view is passed on
// to a call or bumped keeps a runtime object.
// CHECK-DAG: llvm.mlir.global external constant @views_in_callee_borrowed(dense<[1, 0, 0]> : tensor<3xi8>)
// The embedder's graph (declared, no body) may set_ an argument onto other
// memory (AOTAutograd keeps that in it): a view taken after handing it
// over is of the header lent at the call's start (the memory the embedder
// keeps alive for the call), as a mirror's would be: all three lent.
// CHECK-DAG: llvm.mlir.global external constant @hands_to_graph_borrowed(dense<1> : tensor<3xi8>)
// Private functions are no library's interface.
// CHECK-NOT: @reads_borrowed
// CHECK-NOT: @bumps_borrowed
// CHECK-NOT: @forwards_borrowed
// CHECK-NOT: @view_of_borrowed

wrap.kernel @k : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64) -> () entry "kernel" configs [] {library = "/opt/k.so"}

func.func private @reads(%t: !wrap.tensor<4xf32>) -> index {
  %s = wrap.tensor.size %t, 0 : !wrap.tensor<4xf32>
  return %s : index
}

func.func private @bumps(%t: !wrap.tensor<4xf32>) {
  wrap.bump_version %t : !wrap.tensor<4xf32>
  return
}

func.func @f(%x: !wrap.tensor<4xf32>, %w: !wrap.tensor<4xf32>, %q: !wrap.tensor<4xf32>, %s: !wrap.tensor<4xf32>,
             %t: !wrap.tensor<2x2xf32>, %m: !wrap.tensor<4xf32>, %r: !wrap.tensor<4xf32>, %d: !wrap.tensor<4xf32>,
             %v: !wrap.tensor<2x2xf32>, %u: !wrap.tensor<2x2xf32>, %n: index)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, index, !wrap.tensor<2x2xf32>) {
  %c = arith.constant 4 : i64
  %a = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.launch @k args(%x, %a, %c) : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64
  wrap.extern_call "aten::add.out" "t0;t1;out=t2" (%a, %w, %a) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> ()
  %o = wrap.tensor.offset %q : !wrap.tensor<4xf32>
  %z = func.call @reads(%s) : (!wrap.tensor<4xf32>) -> index
  %tt = wrap.reinterpret %t [2, 2] [1, 2] 0 : !wrap.tensor<2x2xf32> -> !wrap.tensor<2x2xf32>
  %b = wrap.empty_strided [2, 2] [2, 1] : !wrap.tensor<2x2xf32>
  wrap.extern_call "aten::mm.out" "t0;t1;out=t2" (%tt, %tt, %b) : (!wrap.tensor<2x2xf32>, !wrap.tensor<2x2xf32>, !wrap.tensor<2x2xf32>) -> ()
  wrap.free %tt : !wrap.tensor<2x2xf32>
  wrap.free %b : !wrap.tensor<2x2xf32>
  %vt = wrap.reinterpret %v [2, 2] [1, 2] 0 : !wrap.tensor<2x2xf32> -> !wrap.tensor<2x2xf32>
  %ut = wrap.reinterpret %u [2, 2] [1, 2] 0 : !wrap.tensor<2x2xf32> -> !wrap.tensor<2x2xf32>
  wrap.bump_version %ut : !wrap.tensor<2x2xf32>
  wrap.free %ut : !wrap.tensor<2x2xf32>
  wrap.bump_version %m : !wrap.tensor<4xf32>
  func.call @bumps(%d) : (!wrap.tensor<4xf32>) -> ()
  return %a, %r, %o, %z, %vt : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, index, index, !wrap.tensor<2x2xf32>
}

func.func @writes(%x: !wrap.tensor<4xf32>) {
  wrap.bump_version %x : !wrap.tensor<4xf32>
  return
}

func.func @returns(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}

func.func private @forwards(%t: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %t : !wrap.tensor<4xf32>
}

func.func @round_trip(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %c: !wrap.tensor<4xf32>)
    -> (index, !wrap.tensor<4xf32>) {
  %ra = func.call @forwards(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  %sa = wrap.tensor.size %ra, 0 : !wrap.tensor<4xf32>
  %rb = func.call @forwards(%b) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  %e = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.copy_inplace %rb, %e : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  %rc = func.call @forwards(%c) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  return %sa, %rc : index, !wrap.tensor<4xf32>
}

func.func private @view_of(%t: !wrap.tensor<4xf32>) -> !wrap.tensor<2x2xf32> {
  %v = wrap.reinterpret %t [2, 2] [2, 1] 0 : !wrap.tensor<4xf32> -> !wrap.tensor<2x2xf32>
  return %v : !wrap.tensor<2x2xf32>
}

func.func @views_in_callee(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %c: !wrap.tensor<4xf32>)
    -> (index, !wrap.tensor<2x2xf32>) {
  %va = func.call @view_of(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<2x2xf32>
  %s = wrap.tensor.stride %va, 0 : !wrap.tensor<2x2xf32>
  %vb = func.call @view_of(%b) : (!wrap.tensor<4xf32>) -> !wrap.tensor<2x2xf32>
  %z = func.call @reads2(%vb) : (!wrap.tensor<2x2xf32>) -> index
  wrap.free %vb : !wrap.tensor<2x2xf32>
  %vc = func.call @view_of(%c) : (!wrap.tensor<4xf32>) -> !wrap.tensor<2x2xf32>
  wrap.bump_version %vc : !wrap.tensor<2x2xf32>
  wrap.free %vc : !wrap.tensor<2x2xf32>
  return %s, %va : index, !wrap.tensor<2x2xf32>
}

func.func private @reads2(%t: !wrap.tensor<2x2xf32>) -> index {
  %s = wrap.tensor.size %t, 0 : !wrap.tensor<2x2xf32>
  return %s : index
}

func.func private @graph(!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>

func.func @hands_to_graph(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>, %c: !wrap.tensor<4xf32>)
    -> (!wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<2xf32>) {
  %vc = wrap.as_strided %c [2] [1] 1 : !wrap.tensor<4xf32> -> !wrap.tensor<2xf32>
  %r = wrap.call_compiled @graph(%a, %b, %c) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  %va = wrap.as_strided %a [2] [1] 1 : !wrap.tensor<4xf32> -> !wrap.tensor<2xf32>
  return %r, %va, %vc : !wrap.tensor<4xf32>, !wrap.tensor<2xf32>, !wrap.tensor<2xf32>
}
