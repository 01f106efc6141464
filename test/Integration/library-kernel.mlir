// A `library` kernel (Inductor's C++ kernels, dlopen'd at the first
// launch) launched by compiled code on the host backend, and the errors of
// a missing library, a missing symbol and an extern call with no embedder.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cc -shared -fPIC -o %t/libk.so %S/Inputs/library_kernel.c
// RUN: sed "s|@LIBRARY@|%t/libk.so|; s|@ENTRY@|kernel|" %s > %t/ok.mlir
// RUN: wrapc run %t/ok.mlir --entry f --inputs %S/Inputs/one-tensor-4.json --format table --quiet | FileCheck %s
// RUN: sed "s|@LIBRARY@|%t/missing.so|; s|@ENTRY@|kernel|" %s > %t/missing.mlir
// RUN: not wrapc run %t/missing.mlir --entry f --inputs %S/Inputs/one-tensor-4.json --quiet 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: sed "s|@LIBRARY@|%t/libk.so|; s|@ENTRY@|no_such_kernel|" %s > %t/symbol.mlir
// RUN: not wrapc run %t/symbol.mlir --entry f --inputs %S/Inputs/one-tensor-4.json --quiet 2>&1 | FileCheck %s --check-prefix=SYMBOL
// RUN: sed "s|@LIBRARY@|%t/libk.so|; s|@ENTRY@|kernel|" %s > %t/extern.mlir
// RUN: not wrapc run %t/extern.mlir --entry g --inputs %S/Inputs/one-tensor-4.json --quiet 2>&1 | FileCheck %s --check-prefix=EXTERN

// out[i] = 3 * x[i] + i, twice (the second launch finds the slot filled);
// the input holds 0 1 2 3.
// CHECK: out0 {{.*}} f32 [4]/[1]+0 v0 {{.*}} [0 4 8 12]
// CHECK: out1 {{.*}} f32 [4]/[1]+0 v0 {{.*}} [0 13 26 39]
// MISSING: wrt_host_symbol: cannot open '{{.*}}missing.so'
// SYMBOL: wrt_host_symbol: '{{.*}}libk.so' has no symbol 'no_such_kernel'
// EXTERN: wrt_extern_call: no embedding framework is installed to call 'aten::mm'

wrap.kernel @scale : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64) -> () entry "@ENTRY@" configs [] {library = "@LIBRARY@"}

func.func @f(%x: !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %n = arith.constant 4 : i64
  %a = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.launch @scale args(%x, %a, %n) : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64
  %b = wrap.empty_strided [4] [1] : !wrap.tensor<4xf32>
  wrap.launch @scale args(%a, %b, %n) : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>, i64
  return %a, %b : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

func.func @g(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  %y = wrap.extern_call "aten::mm" "t0;t1" (%x, %x) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> (!wrap.tensor<4xf32>)
  return %y : !wrap.tensor<4xf32>
}
