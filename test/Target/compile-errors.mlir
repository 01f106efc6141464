// `wrapc compile` reports bad input with its location and exit code 1.
// RUN: not wrapc compile %s -o %t.so --target=cuda 2>&1 | FileCheck %s --check-prefix=CHECK-CUDA
// CHECK-CUDA: wrapc: error: --target=cuda emits the PTX of the module's MLIR kernels (--emit=ptx); wrappers for the CUDA driver are not available in this build yet

// RUN: not wrapc compile %S/Inputs/unlowerable.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-LOWER
// CHECK-LOWER: unlowerable.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'k' has no host payload; the host backend cannot launch it

// RUN: not wrapc compile %S/does-not-exist.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-MISSING
// CHECK-MISSING: wrapc: error: reading {{.*}}does-not-exist.mlir
module {}
