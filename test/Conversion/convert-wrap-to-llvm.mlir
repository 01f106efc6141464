// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --convert-wrap-to-llvm | FileCheck %s

// A public entry point: wrapc's ABI, count check, one check per argument.
// CHECK-LABEL: func.func @entry(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: !llvm.ptr, %{{.*}}: i64) -> i32
// The address of the thread's grad-mode flag, fetched once per call at the
// top of the entry block (grad mode is read and written inline below).
// CHECK:       %[[GRAD:.*]] = llvm.call @wrt_grad_mode_slot() : () -> !llvm.ptr
// CHECK:       %[[BAD_IN:.*]] = llvm.icmp "ne" %{{.*}}, %c2_i64
// CHECK:       llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^[[OK:.*]]
// CHECK:       ^[[FAIL]]:
// CHECK-NEXT:    call @wrt_set_error
// CHECK-NEXT:    return %c6_i32
// CHECK:       %[[X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// The check is inline loads of the tensor header (dtype, device, rank, each
// static size); only a mismatch calls the runtime, which explains it.
// CHECK:       llvm.ptrtoint %[[X]]
// CHECK:       llvm.getelementptr %[[X]][0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i32, i32, i64, i64, array<8 x i64>, array<8 x i64>, ptr, ptr, i32, i32, i32)>
// CHECK:       llvm.getelementptr %[[X]][0, 1]
// CHECK:       llvm.getelementptr %[[X]][0, 2]
// CHECK:       llvm.getelementptr %[[X]][0, 4, 0]
// CHECK:       llvm.cond_br
// CHECK:       call @wrt_check_argument(%[[X]],
// CHECK:       %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       call @wrt_scalar_i64(%[[N]],
// Grad mode: get, set(false), restore, inline on the thread's flag.
// CHECK:       %[[WAS:.*]] = llvm.load %[[GRAD]] : !llvm.ptr -> i8
// CHECK:       llvm.store %{{.*}}, %[[GRAD]] : i8, !llvm.ptr
// CHECK-NOT:   wrt_grad_mode_slot
// Version bump: an atomic add on the counter the header points at.
// CHECK:       %[[VP:.*]] = llvm.getelementptr %[[X]][0, 6]
// CHECK-NEXT:  %[[COUNTER:.*]] = llvm.load %[[VP]] : !llvm.ptr -> !llvm.ptr
// CHECK:       llvm.atomicrmw add %[[COUNTER]], %{{.*}} seq_cst : !llvm.ptr, i64
// CHECK:       call @wrt_detach(%[[X]], %{{.*}})
// The detached tensor is owned: a failure afterwards releases it (in the
// function's shared failure exit for it, which continues to the return).
// CHECK:       %[[SP:.*]] = llvm.getelementptr %[[X]][0, 4, 0]
// CHECK-NEXT:  llvm.load %[[SP]] : !llvm.ptr -> i64
// CHECK:       call @wrt_mark_dynamic(%[[X]],
// CHECK:       llvm.cond_br %{{.*}}, ^[[EXIT:bb[0-9]+]](%{{.*}} : i32), ^{{bb[0-9]+}}
// CHECK:       ^[[EXIT]](%[[STATUS:.*]]: i32):
// CHECK-NEXT:  call @wrt_tensor_release
// CHECK-NEXT:  llvm.br ^{{bb[0-9]+}}(%[[STATUS]] : i32)
// Outputs: the argument returned is retained, the owned detach handed over.
// CHECK:       call @wrt_tensor_retain(%[[X]],
// CHECK:       llvm.store
// CHECK:       llvm.store
// CHECK:       return %c0_i32 : i32
func.func @entry(%x: !wrap.tensor<4xf32>, %n: index) -> (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) {
  %g = wrap.grad_mode.get
  %false = arith.constant false
  wrap.grad_mode.set %false
  wrap.bump_version %x : !wrap.tensor<4xf32>
  %d = wrap.detach %x : !wrap.tensor<4xf32>
  %s = wrap.tensor.size %x, 0 : !wrap.tensor<4xf32>
  wrap.mark_dynamic %x [0] : !wrap.tensor<4xf32>
  wrap.grad_mode.set %g
  return %x, %d : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
}

// -----

// Private functions are only called from checked code: no argument checks.
// A call of another wrapc function passes argument and result arrays.
// CHECK-LABEL: func.func private @graph(
// CHECK-SAME:    llvm.linkage = #llvm.linkage<internal>
// CHECK-NOT:   wrt_check_argument
// CHECK-LABEL: func.func @caller(
// CHECK:       %[[ARGS:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:       %[[RES:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:       %[[ST:.*]] = call @graph(%[[ARGS]], %{{.*}}, %[[RES]], %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr, i64) -> i32
// CHECK:       llvm.icmp "ne" %[[ST]]
// CHECK:       call @wrt_copy_(
// CHECK:       call @wrt_as_strided_like_(
// CHECK:       call @wrt_detach_copy_(
// CHECK:       call @wrt_set_(
func.func private @graph(%a: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %a : !wrap.tensor<4xf32>
}
func.func @caller(%a: !wrap.tensor<4xf32>) {
  %r = wrap.call_compiled @graph(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  wrap.copy_inplace %a, %r : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.as_strided_inplace %a, %r : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.detach_copy_inplace %a, %r : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  wrap.set_storage %a, %r : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

// Views: static entries are constants, dynamic ones read at run time.
// CHECK-DAG:   llvm.mlir.global internal constant @__wrapc_dims_{{[0-9]+}}(dense<[2, 3]> : tensor<2xi64>)
// CHECK-DAG:   llvm.mlir.global internal constant @__wrapc_dims_{{[0-9]+}}(dense<[3, 1]> : tensor<2xi64>)
// CHECK-LABEL: func.func @views(
// CHECK:       %[[OP:.*]] = llvm.getelementptr %{{.*}}[0, 3]
// CHECK-NEXT:  %[[OFF:.*]] = llvm.load %[[OP]] : !llvm.ptr -> i64
// The offset, an index in wrap IR, reaches the call as the i64 it was read
// as: no cast back and forth.
// CHECK-NOT:   arith.index_cast
// Fully static sizes and strides are constant globals: nothing stored per call.
// CHECK:       llvm.mlir.addressof @__wrapc_dims_{{[0-9]+}} : !llvm.ptr
// CHECK:       llvm.call @wrt_as_strided(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[OFF]], %{{.*}})
// CHECK:       call @wrt_view_dtype(%{{.*}}, %c5_i32, %{{.*}})
// CHECK:       call @wrt_patch_requires_grad(
// CHECK:       call @wrt_set_requires_grad(
func.func @views(%x: !wrap.tensor<6xf32>) -> !wrap.tensor<2x3xi32> {
  %o = wrap.tensor.offset %x : !wrap.tensor<6xf32>
  %v = wrap.as_strided %x [2, 3] [3, 1] %o : !wrap.tensor<6xf32> -> !wrap.tensor<2x3xf32>
  %i = wrap.view_dtype %v : !wrap.tensor<2x3xf32> -> !wrap.tensor<2x3xi32>
  %p = wrap.patch_requires_grad %v from %x, false : !wrap.tensor<2x3xf32>, !wrap.tensor<6xf32>
  wrap.set_requires_grad %p, true : !wrap.tensor<2x3xf32>
  return %i : !wrap.tensor<2x3xi32>
}

// -----

// Level 3: allocation with run-time strides, reuse, free, assertions, and
// a host launch: wrt_launch_host runs a per-kernel trampoline over the grid
// with an array of data pointers (read inline from the tensor header: the
// storage base plus the offset) and pointers to scalars.
// CHECK-LABEL: func.func @program(
// The trampoline's address, once per function, as the pointer the runtime
// takes.
// CHECK:       %[[FN:.*]] = constant @__wrapc_launch_k : (!llvm.ptr, i64, i64, i64) -> ()
// CHECK-NEXT:  %[[FNP:.*]] = builtin.unrealized_conversion_cast %[[FN]] : (!llvm.ptr, i64, i64, i64) -> () to !llvm.ptr
// CHECK:       llvm.call @wrt_scalar_i64(
// CHECK-NEXT:  llvm.icmp
// CHECK-NEXT:  llvm.cond_br
// CHECK:       %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NOT:   arith.index_cast
// CHECK:       arith.muli %{{.*}}, %[[N]] : i64
// CHECK:       call @wrt_empty_strided(
// CHECK:       call @wrt_assert_size_stride(
// CHECK:       call @wrt_assert_finite(
// CHECK-NOT:   wrt_tensor_data_ptr
// CHECK:       %[[BASE:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       %[[OFFSET:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK:       %[[DATA:.*]] = llvm.getelementptr %[[BASE]][%[[OFFSET]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK:       llvm.store %[[DATA]]
// CHECK:       llvm.call @wrt_launch_host(%[[FNP]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64, i64, !llvm.ptr) -> i32
// CHECK:       call @wrt_as_strided(
// CHECK:       call @wrt_tensor_release
// CHECK-NOT:   wrap.kernel
// CHECK-LABEL: func.func private @__wrapc_launch_k(
// CHECK-SAME:    llvm.linkage = #llvm.linkage<internal>
// CHECK:         %[[P:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:         %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NEXT:    %[[SI:.*]] = arith.index_cast %[[S]] : i64 to index
// CHECK:         call @k_host(%[[P]], %[[SI]], %{{.*}}, %{{.*}}, %{{.*}})
func.func @k_host(%p: !llvm.ptr, %n: index, %x: index, %y: index, %z: index) {
  return
}
wrap.kernel @k : (!wrap.tensor<4x?xf32>, index) -> () entry "k" configs [#wrap.config<"c", block = [64], num_warps = 1, num_stages = 1, shared = 0>] {host = @k_host}
func.func @program(%n: index, %g: index) -> !wrap.tensor<16xf32> {
  %buf = wrap.alloc(%n) : !wrap.tensor<4x?xf32>
  %e = wrap.empty_strided [4, 4] [4, 1] : !wrap.tensor<4x4xf32>
  wrap.assert_size_stride %e [4, 4] [4, 1] : !wrap.tensor<4x4xf32>
  wrap.assert_finite %e, "buf1" : !wrap.tensor<4x4xf32>
  wrap.launch @k grid(%g) args(%buf, %n) : !wrap.tensor<4x?xf32>, index
  wrap.free %buf : !wrap.tensor<4x?xf32>
  %r = wrap.reuse %e : !wrap.tensor<4x4xf32> -> !wrap.tensor<16xf32>
  return %r : !wrap.tensor<16xf32>
}

// -----

// A launch by element count on the host runs the first config: the grid is
// the ceil-division by its block, computed inline.
// CHECK-LABEL: func.func private @by_elements(
// The ceil-division as arith.ceildivui defines it (0 for 0), on i64 in the
// LLVM dialect.
// CHECK:       %[[N:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i64
// CHECK-NEXT:  %[[EMPTY:.*]] = llvm.icmp "eq" %[[N]], %c0_i64
// CHECK-NEXT:  %[[BELOW:.*]] = llvm.sub %[[N]], %c1_i64
// CHECK-NEXT:  %[[QUOTIENT:.*]] = llvm.udiv %[[BELOW]], %c256_i64
// CHECK-NEXT:  %[[ROUNDED:.*]] = llvm.add %[[QUOTIENT]], %c1_i64
// CHECK-NEXT:  %[[GX:.*]] = llvm.select %[[EMPTY]], %c0_i64, %[[ROUNDED]]
// CHECK-NOT:   arith.index_cast
// CHECK:       llvm.call @wrt_launch_host(%{{.*}}, %[[GX]], %c1_i64{{.*}}, %c1_i64{{.*}}, %{{.*}})
func.func private @e_host(%p: !llvm.ptr, %n: index, %x: index, %y: index, %z: index) {
  return
}
wrap.kernel @e : (!wrap.tensor<?xf32>, index) -> () entry "e"
    configs [#wrap.config<"B256", block = [256], num_warps = 4, num_stages = 1, shared = 0>,
             #wrap.config<"B1024", block = [1024], num_warps = 8, num_stages = 1, shared = 0>] {host = @e_host}
func.func private @by_elements(%x: !wrap.tensor<?xf32>, %n: index) {
  wrap.launch @e numel(%n) args(%x, %n) : !wrap.tensor<?xf32>, index
  return
}

// -----

// Frozen placeholders are null pointers, handed out as such (%x, never
// read, is not checked).
// CHECK-LABEL: func.func @nulls(
// CHECK-NOT:   wrt_check_argument
// CHECK:       llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK-NEXT:  %[[Z:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT:  %[[SLOT:.*]] = llvm.getelementptr %arg2[0]
// CHECK-NEXT:  llvm.store %[[Z]], %[[SLOT]]
// CHECK-NOT:   wrt_tensor_retain
func.func @nulls(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  %z = wrap.null : !wrap.tensor<4xf32>
  return %z : !wrap.tensor<4xf32>
}

// -----

// Tensor-subclass values are tensor handles. An entry point checks a
// subclass argument's type (naming the argument); check_type of a value
// not checked there names the op.
// unwrap takes each attribute with one checked call (a plain leaf against
// its dtype code, device, rank and sizes; a nested instance with dtype -1),
// and a dynamic outer size is an inline header load; wrap builds an
// instance from the outer sizes, the attribute names and the handles.
// CHECK-LABEL: func.func @subclasses(
// CHECK:       %[[S:.*]] = llvm.load %{{.*}} : !llvm.ptr -> !llvm.ptr
// CHECK:       call @wrt_subclass_check_type(%[[S]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// The prologue checked %s against the same static type: check_type of it
// costs nothing more per call.
// CHECK-NOT:   call @wrt_subclass_check_type
// CHECK:       call @wrt_subclass_attr(%[[S]], %{{.*}}, %{{.*}}, %c2_i32, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK:       call @wrt_subclass_attr(%[[S]], %{{.*}}, %{{.*}}, %c-1_i32,
// CHECK:       %[[OP:.*]] = llvm.getelementptr %[[S]][0, 4, 1]
// CHECK-NEXT:  llvm.load %[[OP]] : !llvm.ptr -> i64
// CHECK:       call @wrt_subclass_new(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, !llvm.ptr, i64, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> i32
// CHECK:       return
func.func @subclasses(%s: !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]>)
    -> !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]> {
  wrap.subclass.check_type %s : !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]>
  %x, %n, %size = wrap.subclass.unwrap %s {symints} : !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]>
      -> !wrap.tensor<4x?xf32>, !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>, index
  %w = wrap.subclass.wrap(%x, %n : !wrap.tensor<4x?xf32>, !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>) outer(%size)
      -> !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]>
  return %w : !wrap.subclass<"Outer", 4x?xf32, [x: !wrap.tensor<4x?xf32>, n: !wrap.subclass<"Inner", 4x?xf32, [y: !wrap.tensor<?x?xf32>]>]>
}

// -----

// A public function called inside the module gets a private, unchecked twin
// for those calls (a caller may pass a frozen argument's null placeholder);
// C still calls the checked @inner.
// CHECK-LABEL: func.func @inner(
// CHECK:       call @wrt_check_argument
// CHECK-LABEL: func.func private @__wrapc_unchecked_inner(
// CHECK-NOT:   call @wrt_check_argument
// CHECK-LABEL: func.func @outer(
// CHECK:       call @__wrapc_unchecked_inner(
func.func @inner(%frozen: !wrap.tensor<4xf32>, %x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  wrap.bump_version %x : !wrap.tensor<4xf32>
  return %frozen : !wrap.tensor<4xf32>
}
func.func @outer(%x: !wrap.tensor<4xf32>) {
  %n = wrap.null : !wrap.tensor<4xf32>
  %r = call @inner(%n, %x) : (!wrap.tensor<4xf32>, !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  return
}

// -----

// A null placeholder may go only where the callee passes it on (to the
// compiled graph, or back): anything else would dereference it.
func.func @uses(%x: !wrap.tensor<4xf32>) {
  wrap.bump_version %x : !wrap.tensor<4xf32>
  return
}
func.func @passes_null(%x: !wrap.tensor<4xf32>) {
  %n = wrap.null : !wrap.tensor<4xf32>
  // expected-error @+1 {{passes a null placeholder as argument #0 of @uses, which uses it}}
  call @uses(%n) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

// wrap.check_same_tensor: one pointer comparison; PyTorch's message is set
// and WRT_ERR_ARG (6) returned only on the failure path.
// wrap.mark_differentiable: one checked runtime call with the flag as i8.
// CHECK:       llvm.mlir.global internal constant @[[STR:__wrapc_str_[0-9]+]]("this wrapper was compiled under the assumption that input 1 would be a duplicate of input 0, but at runtime this was not the case\00")
// CHECK-LABEL: func.func @dedupe_and_mark(
// CHECK:         %[[MSG:.*]] = llvm.mlir.addressof @[[STR]]
// CHECK-NEXT:    %[[DIFFER:.*]] = llvm.icmp "ne" %[[B:[0-9]+]], %[[A:[0-9]+]] : !llvm.ptr
// CHECK-NEXT:    llvm.cond_br %[[DIFFER]], ^[[FAIL:bb[0-9]+]], ^[[OK:bb[0-9]+]]
// CHECK:       ^[[FAIL]]:
// CHECK-NEXT:    call @wrt_set_error(%[[MSG]])
// CHECK-NEXT:    llvm.br ^{{bb[0-9]+}}(%c6_i32 : i32)
// CHECK:       ^[[OK]]:
// CHECK-NEXT:    call @wrt_mark_differentiable(%[[A]], %c1_i8) : (!llvm.ptr, i8) -> i32
func.func @dedupe_and_mark(%a: !wrap.tensor<4xf32>, %b: !wrap.tensor<4xf32>) {
  wrap.check_same_tensor %b, %a {duplicate = 1, original = 0} : !wrap.tensor<4xf32>
  wrap.mark_differentiable %a, true : !wrap.tensor<4xf32>
  return
}

// -----

// Null-safety is transitive: @middle only passes its argument on, but to
// @deref, which uses it.
func.func private @deref(%x: !wrap.tensor<4xf32>) {
  wrap.bump_version %x : !wrap.tensor<4xf32>
  return
}
func.func @middle(%x: !wrap.tensor<4xf32>) {
  wrap.call_compiled @deref(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}
func.func @passes_null_through(%x: !wrap.tensor<4xf32>) {
  %n = wrap.null : !wrap.tensor<4xf32>
  // expected-error @+1 {{passes a null placeholder as argument #0 of @middle, which uses it}}
  call @middle(%n) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

// wrap.synthetic_base: one checked runtime call with the members in a stack
// array, their argument indices and the compiled sizes (-1: any) as
// constants; the base is a new reference, released when no longer used.
// CHECK:       llvm.mlir.global internal constant @[[ANY:__wrapc_dims_[0-9]+]](dense<-1> : tensor<1xi64>)
// CHECK:       llvm.mlir.global internal constant @[[ARGS:__wrapc_dims_[0-9]+]](dense<[0, 2]> : tensor<2xi64>)
// CHECK-LABEL: func.func @merge(
// CHECK:         %[[MEMBERS:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:         %[[OUT:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK:         %[[IDX:.*]] = llvm.mlir.addressof @[[ARGS]]
// CHECK-NEXT:    %[[SIZES:.*]] = llvm.mlir.addressof @[[ANY]]
// CHECK-NEXT:    call @wrt_synthetic_base(%[[MEMBERS]], %[[IDX]], %c2_i64, %c1_i8, %c1_i64, %[[SIZES]], %[[OUT]])
// CHECK:         call @wrt_tensor_release
func.func @merge(%a: !wrap.tensor<6xf32>, %b: !wrap.tensor<2x3xf32>) {
  %base = wrap.synthetic_base %a, %b {args = array<i64: 0, 2>, trace_joint} : !wrap.tensor<6xf32>, !wrap.tensor<2x3xf32> -> !wrap.tensor<?xf32>
  wrap.bump_version %base : !wrap.tensor<?xf32>
  return
}
