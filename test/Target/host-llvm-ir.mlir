// The native back end's outputs for the host: LLVM IR, assembly, object,
// header and LLVM-dialect MLIR, at -O0 and -O2.
// RUN: rm -rf %t && mkdir -p %t
// RUN: wrapc compile %s -o %t/w.ll --emit=llvm -O0 --quiet && FileCheck %s --check-prefix=CHECK-IR < %t/w.ll
// RUN: wrapc compile %s -o %t/w2.ll --emit=llvm -O2 --quiet && FileCheck %s --check-prefix=CHECK-O2 < %t/w2.ll
// RUN: wrapc compile %s -o %t/w.s --emit=asm --quiet && FileCheck %s --check-prefix=CHECK-ASM < %t/w.s
// RUN: wrapc compile %s -o %t/w.h --emit=header --quiet && FileCheck %s --check-prefix=CHECK-HEADER < %t/w.h
// RUN: wrapc compile %s -o %t/w.mlir --emit=mlir --quiet && FileCheck %s --check-prefix=CHECK-MLIR < %t/w.mlir
// RUN: wrapc compile %s -o %t/w.o --emit=obj --quiet && llvm-nm %t/w.o | FileCheck %s --check-prefix=CHECK-OBJ
// RUN: wrapc compile %s -o %t/libw.so --quiet && llvm-nm -D %t/libw.so | FileCheck %s --check-prefix=CHECK-SO

// CHECK-IR-DAG: declare void @wrt_set_error(ptr)
// CHECK-IR-DAG: declare i32 @wrt_copy_(ptr, ptr)
// The compiled graph is private to the module: internal linkage.
// CHECK-IR-DAG: define internal i32 @graph(
// CHECK-IR: define i32 @wrapper(ptr %{{.*}}, i64 %{{.*}}, ptr %{{.*}}, i64 %{{.*}})
// CHECK-IR: call i32 @wrt_check_argument(
// CHECK-IR: call i32 @wrt_copy_(
// CHECK-IR: call i32 @wrt_as_strided(

// The compiled graph is inlined into the wrapper at -O2.
// CHECK-O2: define i32 @wrapper(
// CHECK-O2-NOT: call i32 @graph(
// CHECK-O2: call i32 @wrt_copy_(

// CHECK-ASM: wrapper:
// CHECK-ASM: wrt_check_argument

// CHECK-HEADER: #include "wrapc_runtime.h"
// CHECK-HEADER: /* wrapper: 2 inputs, 1 outputs.
// CHECK-HEADER-NEXT:  *   inputs[0]:  f32[8]
// CHECK-HEADER-NEXT:  *   inputs[1]:  f32[8]
// CHECK-HEADER-NEXT:  *   outputs[0]: f32[2, 4]
// CHECK-HEADER: int32_t wrapper(wrt_tensor *const *inputs, size_t n_in, wrt_tensor **outputs, size_t n_out);
// CHECK-HEADER-NOT: graph

// CHECK-MLIR: llvm.func @wrapper(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64) -> i32
// CHECK-MLIR-NOT: wrap.

// CHECK-OBJ: T wrapper
// CHECK-SO-NOT: T graph
// CHECK-SO: T wrapper
// CHECK-SO: T wrt_copy_

func.func private @graph(%a: !wrap.tensor<8xf32>, %b: !wrap.tensor<8xf32>) -> (!wrap.tensor<8xf32>, !wrap.tensor<2x4xf32>) {
  %v = wrap.reinterpret %a [2, 4] [4, 1] 0 : !wrap.tensor<8xf32> -> !wrap.tensor<2x4xf32>
  return %b, %v : !wrap.tensor<8xf32>, !wrap.tensor<2x4xf32>
}
wrap.runtime_wrapper @wrapper : (!wrap.tensor<8xf32>, !wrap.tensor<8xf32>) -> !wrap.tensor<2x4xf32> calls @graph
    inputs [#wrap.input<mutates_data>, #wrap.input<>]
    outputs [#wrap.output<alias_of_input, base = 0, view = <[2, 4], [4, 1], 0>>]
