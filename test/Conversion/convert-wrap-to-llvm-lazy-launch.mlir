// convert-wrap-to-llvm on wrap.lazy_launch (made by wrap-lower-lazy-launch)
// and on a device guard around GPU work.
// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --convert-wrap-to-llvm | FileCheck %s

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}

// The guard makes device 0 current first (restored after, and on every
// failure path inside it).
// Stack slots are static allocas at the top of the entry block: the
// guard's saved context, then the launch's parameter and tensor arrays.
// CHECK-LABEL: func.func private @launch(
// CHECK:       %[[PREVIOUS:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:       %[[PARAMS:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:       %[[TENSORS:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:       %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:       call @wrt_cuda_guard_enter(%{{.*}}, %[[PREVIOUS]])
// Kernel parameters: the tensor's data address (storage base + offset,
// inline from the header) and the element count, each behind a pointer.
// CHECK:       %[[BASE_AT:.*]] = llvm.getelementptr %[[X]][0, 7] : {{.*}} !llvm.struct<(i32, i32, i64, i64, array<8 x i64>, array<8 x i64>, ptr, ptr, i32, i32, i32)>
// CHECK:       %[[BASE:.*]] = llvm.load %[[BASE_AT]] : !llvm.ptr -> !llvm.ptr
// CHECK:       %[[OFFSET_AT:.*]] = llvm.getelementptr %[[X]][0, 3]
// CHECK:       %[[OFFSET:.*]] = llvm.load %[[OFFSET_AT]] : !llvm.ptr -> i64
// CHECK:       llvm.getelementptr %[[BASE]][%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// The slot's launcher takes them with the tensor's device and the extents
// (1 for an axis not given); its failure exits as a runtime call's.
// CHECK:       %[[DEVICE_AT:.*]] = llvm.getelementptr %[[X]][0, 8]
// CHECK:       %[[DEVICE:.*]] = llvm.load %[[DEVICE_AT]] : !llvm.ptr -> i32
// CHECK:       %[[STATUS:.*]] = call @__wrapc_launcher_slot_0_1_2(%[[PARAMS]], %[[TENSORS]], %[[DEVICE]], %[[N]], %c1_i64, %c1_i64) : (!llvm.ptr, !llvm.ptr, i32, i64, i64, i64) -> i32
// CHECK-NEXT:  %[[FAILED:.*]] = llvm.icmp "ne" %[[STATUS]], %c0_i32
// CHECK-NEXT:  llvm.cond_br %[[FAILED]], ^[[EXIT:bb[0-9]+]](%[[STATUS]] : i32), ^
// A failure inside the guard restores the thread's context on its way out.
// CHECK:       ^[[EXIT]](%[[EXIT_STATUS:.*]]: i32):
// CHECK-NEXT:  %[[RESTORE:.*]] = llvm.load %[[PREVIOUS]] : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:  call @wrt_cuda_guard_exit(%{{.*}}, %[[RESTORE]])
// CHECK-NEXT:  return %[[EXIT_STATUS]] : i32
//
// The launcher, one per slot and launch shape (grid rank, element-count
// rank, arguments): the slot entry of the device (ordinals past 8 take the
// slow path, which names the error).
// CHECK-LABEL: func.func private @__wrapc_launcher_slot_0_1_2(
// CHECK-SAME:    %[[LPARAMS:[^:]*]]: !llvm.ptr, %[[LTENSORS:[^:]*]]: !llvm.ptr, %[[LDEVICE:[^:]*]]: i32, %[[LN:[^:]*]]: i64, %{{.*}}: i64, %{{.*}}: i64) -> i32
// CHECK-SAME:    llvm.linkage = #llvm.linkage<internal>
// CHECK:       %[[SLOT:.*]] = llvm.mlir.addressof @slot
// CHECK:       %[[DESC:.*]] = llvm.mlir.addressof @desc
// CHECK:       %[[IN_RANGE:.*]] = llvm.icmp "ult" %[[LDEVICE]], %c8_i32
// CHECK:       arith.muli %{{.*}}, %c64_i64
// CHECK:       %[[ENTRY:.*]] = llvm.getelementptr %[[SLOT]][%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK:       %[[FUNCTION:.*]] = llvm.load %[[ENTRY]] atomic acquire {alignment = 8 : i64} : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.cond_br %{{.*}}, ^[[FAST:.*]], ^[[SLOW:[^(]*]](%{{.*}} : i32)
// Fast path: grid = ceil(numel / chosen block), one cuLaunchKernel through
// the entry's pointer on the entry's stream, or the call's stream the
// embedder set (wrt_cuda_stream).
// CHECK:       ^[[FAST]]:
// CHECK:       %[[LAUNCH:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       %[[OWN_STREAM:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:  %[[STREAM:.*]] = llvm.call @wrt_cuda_stream(%[[LDEVICE]], %[[OWN_STREAM]]) : (i32, !llvm.ptr) -> !llvm.ptr
// CHECK:       %[[BLOCK_AT:.*]] = llvm.getelementptr %[[ENTRY]][0, 3, 0] : {{.*}} !llvm.struct<(ptr, ptr, ptr, array<3 x i64>, i32, i32, i32)>
// CHECK:       %[[BLOCK:.*]] = llvm.load %[[BLOCK_AT]] : !llvm.ptr -> i64
// CHECK:       %[[BELOW:.*]] = llvm.sub %[[LN]], %c1_i64
// CHECK-NEXT:  %[[QUOTIENT:.*]] = llvm.udiv %[[BELOW]], %[[BLOCK]] : i64
// CHECK-NEXT:  %[[ROUNDED:.*]] = llvm.add %[[QUOTIENT]], %c1_i64
// CHECK-NEXT:  %[[GX:.*]] = llvm.select %{{.*}}, %c0_i64, %[[ROUNDED]]
// A grid past CUDA's limits goes to the slow path, which names the error.
// CHECK:       %[[OVER:.*]] = llvm.icmp "ugt" %[[GX]], %c2147483647_i64 : i64
// CHECK:       llvm.cond_br %{{.*}}, ^[[DONE:.*]], ^[[CHECKED:.*]]
// CHECK:       ^[[SLOW]](%[[SLOW_FAILED:.*]]: i32):
// CHECK:       %[[SLOW_STATUS:.*]] = llvm.call @wrt_cuda_launch_slow(%[[SLOT]], %[[DESC]], %[[LDEVICE]], %[[LPARAMS]], %[[LTENSORS]], %c2_i64{{.*}}, %{{.*}}, %c1_i32{{.*}}, %[[SLOW_FAILED]])
// CHECK:       llvm.cond_br %{{.*}}, ^[[RETURN_FAILED:bb[0-9]+]](%[[SLOW_STATUS]] : i32), ^
// CHECK:       ^[[DONE]]:
// CHECK-NEXT:  return %c0_i32 : i32
// CHECK:       ^[[CHECKED]]:
// CHECK-NEXT:  llvm.cond_br %[[OVER]], ^[[SLOW]](%{{.*}} : i32), ^[[CALL:.*]]
// CHECK:       ^[[CALL]]:
// CHECK-NEXT:  %[[LAUNCHED:.*]] = llvm.call %[[LAUNCH]](%[[FUNCTION]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c1_i32{{.*}}, %c1_i32{{.*}}, %{{.*}}, %[[STREAM]], %[[LPARAMS]], %{{.*}}) : !llvm.ptr, (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK-NEXT:  llvm.icmp "eq" %[[LAUNCHED]]
// CHECK-NEXT:  llvm.cond_br %{{.*}}, ^[[DONE]], ^[[SLOW]](%[[LAUNCHED]] : i32)
// The slow path's failure is the launcher's status.
// CHECK:       ^[[RETURN_FAILED]](%[[RETURNED:.*]]: i32):
// CHECK-NEXT:  return %[[RETURNED]] : i32
func.func private @launch(%x: !wrap.tensor<?xf32, cuda>, %n: index) {
  wrap.device_guard 0 {
    wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  }
  return
}

// -----

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}

// A grid given in programs is launched as is; no guard: the slow path makes
// the device current for a thread that has no context.
// CHECK-LABEL: func.func private @grid(
// CHECK-NOT:   wrt_cuda_guard_enter
// CHECK:       call @__wrapc_launcher_slot_2_0_1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c1_i64)
// CHECK-LABEL: func.func private @__wrapc_launcher_slot_2_0_1(
// CHECK-NOT:   llvm.udiv
// CHECK:       llvm.icmp "ugt" %{{.*}}, %c2147483647_i64
// CHECK:       llvm.icmp "ugt" %{{.*}}, %c65535_i64
// CHECK:       call @wrt_cuda_launch_slow(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %c1_i64{{.*}}, %{{.*}}, %c0_i32{{.*}}, %{{.*}})
// CHECK:       llvm.call %{{.*}}(%{{.*}}) : !llvm.ptr, (!llvm.ptr, i32, i32, i32, i32, i32, i32, i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
func.func private @grid(%x: !wrap.tensor<4x4xf16, cuda>, %gx: index, %gy: index) {
  wrap.lazy_launch @slot, @desc grid(%gx, %gy) args(%x) : !wrap.tensor<4x4xf16, cuda>
  return
}
