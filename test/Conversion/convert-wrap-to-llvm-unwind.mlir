// RUN: wrapc-opt %s --split-input-file --convert-wrap-to-llvm | FileCheck %s

// A failure returns its status after releasing what the function owns at
// that point, through shared exits: each exit releases one reference and
// continues to the exit of the one taken before it, so a failure point is
// one branch and the function stays linear in its ops. Freeing %b makes a
// new exit for %c that continues to %a's, which both chains share.
// CHECK-LABEL: func.func @unwind(
// CHECK:         %[[SA:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[TAIL:bb[0-9]+]](%[[SA]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[TAIL]](%[[STATUS:.*]]: i32):
// CHECK-NEXT:    return %[[STATUS]] : i32
// CHECK:         %[[A:.*]] = llvm.load
// CHECK:         %[[SB:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[EXIT_A:bb[0-9]+]](%[[SB]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[EXIT_A]](%[[S1:.*]]: i32):
// CHECK-NEXT:    call @wrt_tensor_release(%[[A]])
// CHECK-NEXT:    llvm.br ^[[TAIL]](%[[S1]] : i32)
// CHECK:         %[[B:.*]] = llvm.load
// CHECK:         %[[SC:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[EXIT_B:bb[0-9]+]](%[[SC]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[EXIT_B]](%[[S2:.*]]: i32):
// CHECK-NEXT:    call @wrt_tensor_release(%[[B]])
// CHECK-NEXT:    llvm.br ^[[EXIT_A]](%[[S2]] : i32)
// CHECK:         %[[C:.*]] = llvm.load
// CHECK-NEXT:    call @wrt_tensor_release(%[[B]])
// CHECK:         %[[SD:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[EXIT_C:bb[0-9]+]](%[[SD]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[EXIT_C]](%[[S3:.*]]: i32):
// CHECK-NEXT:    call @wrt_tensor_release(%[[C]])
// CHECK-NEXT:    llvm.br ^[[EXIT_A]](%[[S3]] : i32)
// The success path releases what is left once, after the last failure point.
// CHECK:         %[[D:.*]] = llvm.load
// CHECK-NEXT:    call @wrt_tensor_release(%[[D]])
// CHECK-NEXT:    call @wrt_tensor_release(%[[C]])
// CHECK-NEXT:    call @wrt_tensor_release(%[[A]])
// CHECK:         return
func.func @unwind() {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %b = wrap.alloc() : !wrap.tensor<4xf32>
  %c = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.free %b : !wrap.tensor<4xf32>
  %d = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.free %d : !wrap.tensor<4xf32>
  wrap.free %c : !wrap.tensor<4xf32>
  wrap.free %a : !wrap.tensor<4xf32>
  return
}

// -----

// A failure after the function set grad mode puts back the mode it was
// entered with (read once at the top), as PyTorch's wrapper does in its
// `finally`: a graph that raises must not leave the caller under no_grad.
// Failures before the first set have nothing to put back.
// CHECK-LABEL: func.func @grad_mode_on_failure(
// CHECK:         %[[SLOT:.*]] = llvm.call @wrt_grad_mode_slot()
// CHECK-NEXT:    %[[ENTRY:.*]] = llvm.load %[[SLOT]] : !llvm.ptr -> i8
// CHECK:         %[[S0:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[PLAIN:bb[0-9]+]](%[[S0]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[PLAIN]](%[[P:.*]]: i32):
// CHECK-NEXT:    return %[[P]] : i32
// CHECK:         llvm.store %{{.*}}, %[[SLOT]] : i8, !llvm.ptr
// CHECK:         %[[S1:.*]] = llvm.call @wrt_empty_strided(
// CHECK:         llvm.cond_br %{{.*}}, ^[[EXIT:bb[0-9]+]](%[[S1]] : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[RESTORE:bb[0-9]+]](%[[R:.*]]: i32):
// CHECK-NEXT:    llvm.store %[[ENTRY]], %[[SLOT]] : i8, !llvm.ptr
// CHECK-NEXT:    return %[[R]] : i32
// CHECK:       ^[[EXIT]](%[[E:.*]]: i32):
// CHECK-NEXT:    call @wrt_tensor_release(
// CHECK-NEXT:    llvm.br ^[[RESTORE]](%[[E]] : i32)
func.func @grad_mode_on_failure() {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %false = arith.constant false
  wrap.grad_mode.set %false
  %b = wrap.alloc() : !wrap.tensor<4xf32>
  %true = arith.constant true
  wrap.grad_mode.set %true
  wrap.free %b : !wrap.tensor<4xf32>
  wrap.free %a : !wrap.tensor<4xf32>
  return
}
