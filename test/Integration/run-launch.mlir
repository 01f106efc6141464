// `wrapc run` on the host backend: a kernel launch over a grid large enough
// to run on several threads (4096 programs of 256 elements), and a small one.
// RUN: wrapc run %wrapc_src/examples/demo.mlir --entry add_program --inputs %S/Inputs/add-large.json --format table --quiet | FileCheck %s --check-prefix=CHECK-LARGE
// RUN: wrapc run %wrapc_src/examples/demo.mlir --entry add_program --inputs %wrapc_src/examples/demo_add_inputs.json --format table --quiet | FileCheck %s --check-prefix=CHECK-SMALL

// Inputs hold 0, 1, 2, ...: every output element is twice its index.
// CHECK-LARGE: out0 tensor#{{[0-9]+}} storage#{{[0-9]+}} f32 [1048576]/[1]+0 v0 {{.*}} [0 2 4 6 8 10 12 14 ... 2097148 2097150]
// CHECK-SMALL: out0 {{.*}} [11 22 33 44 55]
