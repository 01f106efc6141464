// wrapc-opt checks its input as wrapc does before MLIR's opt driver parses
// and verifies it (issue 16): an llvm.mlir.global whose addr_space is not an
// integer lost it in MLIR 22's parser, and llvm.mlir.addressof's verifier
// then dereferenced null (wrapc-opt segfaulted). The error names the line in
// the whole file, with or without --split-input-file, and no output file is
// left.
// RUN: not wrapc-opt %s 2>&1 | FileCheck %s
// RUN: not wrapc-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: not wrapc-opt --no-implicit-module %s 2>&1 | FileCheck %s
// RUN: not wrapc-opt --wrap-specialize %s 2>&1 | FileCheck %s
// RUN: not wrapc-opt < %s 2>&1 | FileCheck %s --check-prefix=CHECK-STDIN
// RUN: rm -f %t.out
// RUN: not wrapc-opt %s -o %t.out 2>&1 | FileCheck %s
// RUN: not test -e %t.out
// The same module, refused by wrapc itself.
// RUN: not wrapc compile %s -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-WRAPC

func.func @fine() {
  return
}

// -----

llvm.mlir.global internal @g(0 : i32) {addr_space = "x"} : i32
// CHECK: wrapc-opt-dropped-property.mlir:[[@LINE-1]]:1: error: 'llvm.mlir.global' op has an attribute of the wrong kind where a defaulted property is expected (MLIR's parser dropped it)
// CHECK-STDIN: <stdin>:[[@LINE-2]]:1: error: 'llvm.mlir.global' op has an attribute of the wrong kind
// CHECK-WRAPC: wrapc-opt-dropped-property.mlir:[[@LINE-3]]:1: 'llvm.mlir.global' op has an attribute of the wrong kind
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
