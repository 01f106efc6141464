// The interpreter runs host kernel payloads and symbolic-int arithmetic, so
// a program with real compute has an interpreted twin of its compiled code.

// The demo's kernel launch: interpreted and compiled print the same effects.
// RUN: wrapc interpret %wrapc_src/examples/demo.mlir --entry add_program --inputs %wrapc_src/examples/demo_add_inputs.json --format table > %t.interp
// RUN: wrapc run %wrapc_src/examples/demo.mlir --entry add_program --inputs %wrapc_src/examples/demo_add_inputs.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s --check-prefix=CHECK-ADD < %t.interp
// CHECK-ADD: out0 {{.*}} [11 22 33 44 55]

// An element count larger than the tensors: the payload's out-of-bounds
// load is a located error (the compiled code has no such check: its
// contract is that n fits the tensors).
// RUN: not wrapc interpret %wrapc_src/examples/demo.mlir --entry add_program --inputs %S/Inputs/add-overrun.json 2>&1 | FileCheck %s --check-prefix=CHECK-OOB
// CHECK-OOB: demo.mlir:{{[0-9]+}}:{{[0-9]+}}: the payload accesses bytes 20..24 of a 20-byte tensor storage

// Sizes computed from sizes, interpreted and compiled alike.
// RUN: wrapc interpret %s --entry sizes --inputs %S/Inputs/one-tensor.json --format table > %t.sizes
// RUN: wrapc run %s --entry sizes --inputs %S/Inputs/one-tensor.json --format table --quiet > %t.sizes.native
// RUN: diff %t.sizes %t.sizes.native
// RUN: FileCheck %s --check-prefix=CHECK-SIZES < %t.sizes
// CHECK-SIZES: out0 int 7
// CHECK-SIZES: out1 int 1
// CHECK-SIZES: out2 int 2
// CHECK-SIZES: out3 tensor{{.*}} f32 [7]/[1]+0

func.func @sizes(%x: !wrap.tensor<?xf32>) -> (index, index, index, !wrap.tensor<?xf32>) {
  %n = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32>
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %twice = arith.muli %n, %c2 : index
  %m = arith.subi %twice, %c1 : index
  %r = arith.remui %m, %c3 : index
  %q = arith.ceildivsi %n, %c3 : index
  %out = wrap.empty_strided [%m] [1] : !wrap.tensor<?xf32>
  return %m, %r, %q, %out : index, index, index, !wrap.tensor<?xf32>
}
