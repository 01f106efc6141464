// Bad input to `wrapc interpret` is reported with its location and exit 1.

// RUN: not wrapc interpret %s --entry f --inputs %S/Inputs/two-tensors.json 2>&1 | FileCheck %s --check-prefix=CHECK-ARITY
// CHECK-ARITY: wrapc: error: calling @f: {{.*}}interpret-errors.mlir:{{[0-9]+}}:{{[0-9]+}}: f: expected 1 inputs and 1 outputs, got 2 inputs

// RUN: not wrapc interpret %s --entry nope --inputs %S/Inputs/two-tensors.json 2>&1 | FileCheck %s --check-prefix=CHECK-SYMBOL
// CHECK-SYMBOL: wrapc: error: calling @nope: {{.*}}no symbol named 'nope'

// A symbol that is not a function is not called with an empty signature.
// RUN: not wrapc interpret %s --entry k --inputs %S/Inputs/two-tensors.json 2>&1 | FileCheck %s --check-prefix=CHECK-KERNEL
// CHECK-KERNEL: wrapc: error: calling @k: {{.*}}interpret-errors.mlir:[[@LINE+21]]:1: expected a func.func or wrapper op

// RUN: not wrapc interpret %s --entry launches --inputs %S/Inputs/two-tensors.json 2>&1 | FileCheck %s --check-prefix=CHECK-LAUNCH
// CHECK-LAUNCH: interpret-errors.mlir:[[@LINE+21]]:{{[0-9]+}}: kernel 'k' has no host payload; the host backend cannot launch it

// RUN: not wrapc interpret %s --entry f --inputs %S/Inputs/bad-dtype.json 2>&1 | FileCheck %s --check-prefix=CHECK-DTYPE
// CHECK-DTYPE: wrapc: error: in {{.*}}bad-dtype.json: argument #0: tensor: unknown dtype 'f13'
// CHECK-DTYPE-SAME: expected one of f16, bf16, f32, f64, i8, i32, i64, bool, ui8, i16

// RUN: not wrapc interpret %s --entry f --inputs %S/Inputs/ui8-overflow.json 2>&1 | FileCheck %s --check-prefix=CHECK-RANGE
// CHECK-RANGE: wrapc: error: in {{.*}}ui8-overflow.json: argument #0: tensor: value #2 (300) does not fit ui8 (0..=255)

// RUN: not wrapc interpret %S/Inputs/recursive.mlir --entry uses --inputs %S/Inputs/one-tensor-4.json 2>&1 | FileCheck %s --check-prefix=CHECK-RECURSION
// CHECK-RECURSION: wrapc: error: calling @uses: {{.*}}recursive.mlir:1:1: calls nest more than 64 deep at 'uses' (a recursive call?)

// RUN: not wrapc interpret %S/Inputs/does-not-verify.mlir --entry f --inputs %S/Inputs/two-tensors.json 2>&1 | FileCheck %s --check-prefix=CHECK-VERIFY
// CHECK-VERIFY: does-not-verify.mlir:{{[0-9]+}}:{{[0-9]+}}: 'wrap.runtime_wrapper' op has 2 input metadata entries for 1 arguments

func.func @f(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @launches(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) {
  %c1 = arith.constant 1 : index
  wrap.launch @k grid(%c1) args(%x) : !wrap.tensor<4xf32>
  return
}
