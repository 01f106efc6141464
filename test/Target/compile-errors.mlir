// `wrapc compile` reports bad input with its location and exit code 1.
// RUN: not wrapc compile %S/Inputs/cuda-launch.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-CUDA
// CHECK-CUDA: cuda-launch.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'k' is launched on CUDA tensors: run wrap-lower-lazy-launch first (wrapc compile --target=cuda)

// RUN: not wrapc compile %S/Inputs/unlowerable.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-LOWER
// CHECK-LOWER: unlowerable.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'k' has no host payload; the host backend cannot launch it

// A host kernel payload the LLVM conversions cannot finish (arithmetic on
// tensors) is named at its op: the translation to LLVM IR failed without a
// location, and MLIR's one-shot conversion driver aborted the process on it.
// RUN: not wrapc compile %S/Inputs/tensor-payload.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-PAYLOAD
// RUN: not wrapc run %S/Inputs/tensor-payload.mlir --entry f --inputs %S/../Integration/Inputs/one-tensor.json 2>&1 | FileCheck %s --check-prefix=CHECK-PAYLOAD
// CHECK-PAYLOAD: tensor-payload.mlir:2:8: error: 'arith.constant' () -> (tensor<4xf32>) could not be lowered to the LLVM dialect

// RUN: not wrapc compile %S/does-not-exist.mlir -o %t.so 2>&1 | FileCheck %s --check-prefix=CHECK-MISSING
// CHECK-MISSING: wrapc: error: reading {{.*}}does-not-exist.mlir
module {}
