// wrap-outline-gpu-kernels: every kernel whose only payload is host MLIR
// gets device code in one gpu.module: a copy of the payload and a
// `gpu.func ... kernel` in which thread (0, 0, 0) of each block calls it with
// the block indices as program ids. Upstream convert-gpu-to-nvvm lowers that
// module to NVVM (second RUN line); test/Target/nvptx.mlir compiles it to PTX.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --wrap-outline-gpu-kernels | FileCheck %s
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(wrap-outline-gpu-kernels,gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm{index-bitwidth=64}))' \
// RUN:   | FileCheck %s --check-prefix=NVVM

// Two kernels share one payload (copied once); the kernel with PTX of its
// own is left alone; the wrap ops are unchanged. Tensors reach the entry as
// pointers, `index` as i64.
// CHECK-LABEL: module {
// CHECK:       func.func @fill_host(
// CHECK:       wrap.kernel @fill_a
// CHECK:       wrap.kernel @fill_b
// CHECK:       wrap.kernel @prebuilt
// CHECK:       gpu.module @wrap_gpu_kernels {
// CHECK-NEXT:    func.func @fill_host(%{{.*}}: !llvm.ptr, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index, %{{.*}}: index)
// CHECK:         gpu.func @fill_a_entry(%[[X:.*]]: !llvm.ptr, %[[N:.*]]: i64) kernel {
// CHECK-NEXT:      %[[NI:.*]] = arith.index_cast %[[N]] : i64 to index
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[TX:.*]] = gpu.thread_id x
// CHECK-NEXT:      %[[FX:.*]] = arith.cmpi eq, %[[TX]], %[[ZERO]] : index
// CHECK-NEXT:      %[[TY:.*]] = gpu.thread_id y
// CHECK-NEXT:      %[[FY:.*]] = arith.cmpi eq, %[[TY]], %[[ZERO]] : index
// CHECK-NEXT:      %[[FXY:.*]] = arith.andi %[[FX]], %[[FY]] : i1
// CHECK-NEXT:      %[[TZ:.*]] = gpu.thread_id z
// CHECK-NEXT:      %[[FZ:.*]] = arith.cmpi eq, %[[TZ]], %[[ZERO]] : index
// CHECK-NEXT:      %[[LEADER:.*]] = arith.andi %[[FXY]], %[[FZ]] : i1
// CHECK-NEXT:      scf.if %[[LEADER]] {
// CHECK-NEXT:        %[[BX:.*]] = gpu.block_id x
// CHECK-NEXT:        %[[BY:.*]] = gpu.block_id y
// CHECK-NEXT:        %[[BZ:.*]] = gpu.block_id z
// CHECK-NEXT:        func.call @fill_host(%[[X]], %[[NI]], %[[BX]], %[[BY]], %[[BZ]])
// CHECK-NEXT:      }
// CHECK-NEXT:      gpu.return
// CHECK-NEXT:    }
// CHECK-NOT:     func.func @fill_host
// CHECK:         gpu.func @fill_b_entry(
// CHECK-NOT:     prebuilt
// CHECK:       }

// NVVM-LABEL:  gpu.module @wrap_gpu_kernels {
// NVVM:          llvm.func @fill_host(
// NVVM:          llvm.func @fill_a_entry(%{{.*}}: !llvm.ptr, %{{.*}}: i64) attributes {gpu.kernel, nvvm.kernel}
// NVVM:            nvvm.read.ptx.sreg.tid.x
// NVVM:            nvvm.read.ptx.sreg.ctaid.x
// NVVM:            nvvm.read.ptx.sreg.ctaid.z
// NVVM:            llvm.call @fill_host(
func.func @fill_host(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %i = arith.index_cast %px : index to i64
  %p = llvm.getelementptr %x[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %one = arith.constant 1.0 : f32
  llvm.store %one, %p : f32, !llvm.ptr
  return
}
wrap.kernel @fill_a : (!wrap.tensor<?xf32, cuda>, index) -> () entry "fill_a_entry"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @fill_host}
wrap.kernel @fill_b : (!wrap.tensor<?xf32, cuda>, index) -> () entry "fill_b_entry"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @fill_host}
wrap.kernel @prebuilt : (!wrap.tensor<?xf32, cuda>, index) -> () entry "prebuilt_entry"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>]
    {host = @fill_host, ptx = "\n.version 8.0\n"}

// -----

// A module without such kernels is left as it is.
// CHECK-LABEL: module {
// CHECK-NOT:   gpu.module
// NVVM-LABEL:  module {
// NVVM-NOT:    gpu.module
wrap.kernel @prebuilt : () -> () entry "prebuilt_entry"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}

// -----

// Two kernels may not share a GPU entry name: PTX entries are one namespace.
func.func @h(%px: index, %py: index, %pz: index) {
  return
}
wrap.kernel @one : () -> () entry "same"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}
// expected-error @below {{GPU entry 'same' is also the name of another kernel's entry or payload; entries must be unique}}
wrap.kernel @two : () -> () entry "same"
    configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}

// -----

// The pass owns the gpu.module's name.
// expected-error @below {{the module already has a symbol named 'wrap_gpu_kernels'}}
module {
  func.func @h(%px: index, %py: index, %pz: index) {
    return
  }
  func.func private @wrap_gpu_kernels()
  wrap.kernel @one : () -> () entry "one"
      configs [#wrap.config<"c", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @h}
}
