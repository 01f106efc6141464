// A kernel written in MLIR compiles to PTX (NVPTX, sm_90 and sm_80): the
// host payload becomes the body of a GPU entry whose program ids are the
// block indices. The same .mlir runs on the host backend (test/Integration);
// test/Target/cuda-wrapper.mlir compiles whole wrappers for the GPU.
// RUN: rm -rf %t && mkdir -p %t
// RUN: wrapc compile %s --target=cuda --emit=ptx -o %t/k90.ptx --quiet && FileCheck %s --check-prefix=CHECK-SM90 < %t/k90.ptx
// RUN: wrapc compile %s --target=cuda --arch=sm80 --emit=ptx -o %t/k80.ptx --quiet && FileCheck %s --check-prefix=CHECK-SM80 < %t/k80.ptx
// RUN: not wrapc compile %s --emit=ptx -o %t/x.ptx 2>&1 | FileCheck %s --check-prefix=CHECK-NOTARGET

// CHECK-SM90: .version 8.0
// CHECK-SM90: .target sm_90
// CHECK-SM90: .address_size 64
// CHECK-SM90: .visible .entry scale_kernel(
// A program is scalar code: thread (0, 0, 0) of each block runs it.
// CHECK-SM90:      mov.u32 %r{{[0-9]+}}, %tid.x;
// CHECK-SM90:      mov.u32 %r{{[0-9]+}}, %tid.y;
// CHECK-SM90:      mov.u32 %r{{[0-9]+}}, %tid.z;
// CHECK-SM90:      setp.ne.b32
// CHECK-SM90:      mov.u32 %r{{[0-9]+}}, %ctaid.x;
// CHECK-SM90:      mul.wide.u32 %rd{{[0-9]+}}, %r{{[0-9]+}}, 128;
// The loop body, inlined from the host payload (x * 2 becomes x + x).
// CHECK-SM90:      ld.global.b32
// CHECK-SM90-NEXT: add.rn.f32
// CHECK-SM90-NEXT: st.global.b32
// CHECK-SM80: .target sm_80
// CHECK-SM80: .visible .entry scale_kernel(
// CHECK-NOTARGET: error: --emit=ptx compiles the module's MLIR kernels for the GPU: add --target=cuda

func.func @scale_host(%x: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %block = arith.constant 128 : index
  %c1 = arith.constant 1 : index
  %two = arith.constant 2.0 : f32
  %start = arith.muli %px, %block : index
  %stop = arith.addi %start, %block : index
  %end = arith.minui %stop, %n : index
  scf.for %i = %start to %end step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %xp : !llvm.ptr -> f32
    %s = arith.mulf %v, %two : f32
    llvm.store %s, %op : f32, !llvm.ptr
  }
  return
}
wrap.kernel @scale : (!wrap.tensor<?xf32, cuda>, !wrap.tensor<?xf32, cuda>, index) -> ()
    entry "scale_kernel"
    configs [#wrap.config<"X128", block = [128], num_warps = 4, num_stages = 1, shared = 0>]
    {host = @scale_host}
