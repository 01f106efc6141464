// wrap-check-lowered: only LLVM dialect ops may reach the translation to
// LLVM IR. The upstream conversions are partial and leave what they cannot
// convert as it was; the pass names the first such op where it is.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-check-lowered | FileCheck %s

// A fully lowered module passes unchanged.
// CHECK-LABEL: llvm.func @lowered
// CHECK:         llvm.add
llvm.func @lowered(%a: i64) -> i64 {
  %b = llvm.add %a, %a : i64
  llvm.return %b : i64
}

// -----

// Arithmetic on tensors: no LLVM type stands for a tensor.
llvm.func @payload() {
  // expected-error @+1 {{'arith.constant' () -> (tensor<4xf32>) could not be lowered to the LLVM dialect}}
  %t = arith.constant dense<1.0> : tensor<4xf32>
  llvm.return
}

// -----

// An op nested in an LLVM op's region is found too, with its operands' types.
llvm.func @nested(%n: i64) {
  // expected-error @+1 {{'index.castu' (i64) -> (index) could not be lowered}}
  %i = index.castu %n : i64 to index
  %a = index.add %i, %i
  llvm.return
}

// -----

// A function that is not an llvm.func is itself left over.
// expected-error @+1 {{'func.func' () -> () could not be lowered}}
func.func @f() {
  return
}

// -----

// The first op in the module's order is named, and only it.
llvm.func @first() {
  // expected-error @+1 {{'gpu.thread_id' () -> (index) could not be lowered}}
  %x = gpu.thread_id x
  %y = gpu.thread_id y
  llvm.return
}
