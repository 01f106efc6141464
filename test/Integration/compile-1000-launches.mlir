// A wrapper of 1,000 kernel launches (1,000 buffers, allocated and freed in
// a chain) compiles and computes the right values, interpreted and native:
// each launch adds 1, so the result is x + 1000. (Correctness at scale; its
// compile time is measured by `wrapc bench --compile-scaling`.)
// RUN: wrapc bench --write-compile-scaling-case 1000 > %t.mlir
// RUN: wrapc run %t.mlir --entry f --inputs %S/Inputs/scaling-inputs.json --format table --quiet | FileCheck %s
// RUN: wrapc interpret %t.mlir --entry f --inputs %S/Inputs/scaling-inputs.json --format table | FileCheck %s
// RUN: wrapc compile %t.mlir -o %t.so --quiet
// The lowering makes each integer constant once per function, not once per
// launch (it made 11 per launch, each converted again by every later pass):
// RUN: wrapc-opt %t.mlir --wrap-specialize --convert-wrap-to-llvm | grep -c "arith.constant" | FileCheck %s --check-prefix=CONSTANTS
// CONSTANTS: {{^[1-4]?[0-9]$}}
// CHECK: out0 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [5]/[1]+0 v0 {{.*}} [1000 1001 1002 1003 1004]
