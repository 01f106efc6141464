// A wrapper of 1,000 kernel launches (1,000 buffers, allocated and freed in
// a chain) compiles and computes the right values, interpreted and native:
// each launch adds 1, so the result is x + 1000. (Correctness at scale; its
// compile time is measured by `wrapc-dev bench --compile-scaling`.)
// RUN: wrapc-dev bench --write-compile-scaling-case 1000 > %t.mlir
// RUN: wrapc run %t.mlir --entry f --inputs %S/Inputs/scaling-inputs.json --format table --quiet | FileCheck %s
// RUN: wrapc interpret %t.mlir --entry f --inputs %S/Inputs/scaling-inputs.json --format table | FileCheck %s
// RUN: wrapc compile %t.mlir -o %t.so --quiet
// The lowering makes each integer constant once per function, not once per
// launch (it made 11 per launch, each converted again by every later pass):
// RUN: wrapc-opt %t.mlir --wrap-specialize --convert-wrap-to-llvm | grep -c "arith.constant" | FileCheck %s --check-prefix=CONSTANTS
// CONSTANTS: {{^[1-4]?[0-9]$}}
// CHECK: out0 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [5]/[1]+0 v0 {{.*}} [1000 1001 1002 1003 1004]

// The same chain on the GPU: every launch calls the kernel slot's one
// launcher (a large module does not inline it), whose fast path is written
// once, not 1,000 times.
// RUN: sed 's/!wrap.tensor<?xf32>/!wrap.tensor<?xf32, cuda>/g' %t.mlir > %t.cuda.mlir
// RUN: wrapc compile %t.cuda.mlir --target=cuda --emit=llvm -o %t.ll --quiet
// RUN: grep -c "call i32 @__wrapc_launcher_" %t.ll | FileCheck %s --check-prefix=LAUNCHER-CALLS
// RUN: grep -c "^define internal i32 @__wrapc_launcher_" %t.ll | FileCheck %s --check-prefix=LAUNCHERS
// RUN: grep -c "load atomic ptr" %t.ll | FileCheck %s --check-prefix=LAUNCHERS
// LAUNCHER-CALLS: {{^1000$}}
// LAUNCHERS: {{^1$}}
