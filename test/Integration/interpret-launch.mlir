// The interpreter runs host kernel payloads and symbolic-int arithmetic, so
// a program with real compute has an interpreted twin of its compiled code.

// The demo's kernel launch: interpreted and compiled print the same effects.
// RUN: wrapc interpret %wrapc_src/examples/demo.mlir --entry add_program --inputs %wrapc_src/examples/demo_add_inputs.json --format table > %t.interp
// RUN: wrapc run %wrapc_src/examples/demo.mlir --entry add_program --inputs %wrapc_src/examples/demo_add_inputs.json --format table --quiet > %t.native
// RUN: diff %t.interp %t.native
// RUN: FileCheck %s --check-prefix=CHECK-ADD < %t.interp
// CHECK-ADD: out0 {{.*}} [11 22 33 44 55]

// An element count larger than the tensors: the demo checks its inputs
// first (as Inductor's assert_size_stride does), interpreted and compiled.
// RUN: not wrapc interpret %wrapc_src/examples/demo.mlir --entry add_program --inputs %S/Inputs/add-overrun.json 2>&1 | FileCheck %s --check-prefix=CHECK-ASSERT
// RUN: not wrapc run %wrapc_src/examples/demo.mlir --entry add_program --inputs %S/Inputs/add-overrun.json 2>&1 | FileCheck %s --check-prefix=CHECK-ASSERT
// CHECK-ASSERT: expected sizes [1048576]

// Without that check, the interpreter still catches the payload's
// out-of-bounds load, located at the load.
// RUN: not wrapc interpret %s --entry unchecked_add --inputs %S/Inputs/add-overrun.json 2>&1 | FileCheck %s --check-prefix=CHECK-OOB
// CHECK-OOB: interpret-launch.mlir:{{[0-9]+}}:{{[0-9]+}}: the payload accesses bytes 20..24 of a 20-byte tensor storage

func.func @unchecked_add_host(%x: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f32
    llvm.store %a, %op : f32, !llvm.ptr
  }
  return
}
wrap.kernel @unchecked_copy : (!wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index) -> ()
    entry "unchecked_copy" configs [#wrap.config<"one", block = [1], num_warps = 1, num_stages = 1, shared = 0>]
    {host = @unchecked_add_host}
func.func @unchecked_add(%x: !wrap.tensor<?xf32>, %y: !wrap.tensor<?xf32>, %n: index) -> !wrap.tensor<?xf32> {
  %out = wrap.empty_strided [5] [1] : !wrap.tensor<?xf32>
  %c1 = arith.constant 1 : index
  wrap.launch @unchecked_copy grid(%c1) args(%x, %out, %n) : !wrap.tensor<?xf32>, !wrap.tensor<?xf32>, index
  return %out : !wrap.tensor<?xf32>
}

// f16 and bf16 arithmetic in a payload, rounded to its type after each op:
// interpreted and compiled agree (compiled bf16 arithmetic runs in f32 with
// its conversions expanded to integer ops, as the JIT resolves no
// compiler-rt __truncsfbf2).
// RUN: wrapc interpret %s --entry halves --inputs %S/Inputs/half-floats.json --format table > %t.half
// RUN: wrapc run %s --entry halves --inputs %S/Inputs/half-floats.json --format table --quiet > %t.half.native
// RUN: diff %t.half %t.half.native
// RUN: FileCheck %s --check-prefix=CHECK-HALF < %t.half
// CHECK-HALF: out0 {{.*}} f32 [3]/[1]+0 {{.*}} [2.6689453125 2001 -3.8310546875]

func.func @add_half_host(%x: !llvm.ptr, %y: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f16
    %yp = llvm.getelementptr %y[%k] : (!llvm.ptr, i64) -> !llvm.ptr, bf16
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f16
    %b = llvm.load %yp : !llvm.ptr -> bf16
    %third = arith.constant 0.333333 : f16
    %s = arith.addf %a, %third : f16
    %bthird = arith.constant 0.333333 : bf16
    %t = arith.addf %b, %bthird : bf16
    %s32 = arith.extf %s : f16 to f32
    %t32 = arith.extf %t : bf16 to f32
    %r = arith.addf %s32, %t32 : f32
    llvm.store %r, %op : f32, !llvm.ptr
  }
  return
}
wrap.kernel @add_half : (!wrap.tensor<?xf16>, !wrap.tensor<?xbf16>, !wrap.tensor<?xf32>, index) -> ()
    entry "add_half" configs [#wrap.config<"one", block = [1], num_warps = 1, num_stages = 1, shared = 0>]
    {host = @add_half_host}
func.func @halves(%x: !wrap.tensor<?xf16>, %y: !wrap.tensor<?xbf16>, %n: index) -> !wrap.tensor<?xf32> {
  %out = wrap.empty_strided [3] [1] : !wrap.tensor<?xf32>
  %c1 = arith.constant 1 : index
  wrap.launch @add_half grid(%c1) args(%x, %y, %out, %n) : !wrap.tensor<?xf16>, !wrap.tensor<?xbf16>, !wrap.tensor<?xf32>, index
  return %out : !wrap.tensor<?xf32>
}

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
