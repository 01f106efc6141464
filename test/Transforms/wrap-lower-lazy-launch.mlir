// wrap-lower-lazy-launch: each kernel launched on the GPU gets its image,
// entry and configs embedded in a constant descriptor and a zeroed slot
// (8 devices x 64 bytes); each launch becomes wrap.lazy_launch.
// RUN: cd %S && wrapc-opt %s -split-input-file -verify-diagnostics --wrap-lower-lazy-launch | FileCheck %s

// Two launches of one kernel share its globals; the PTX text is embedded
// NUL-terminated (the size field excludes the NUL); configs are i64 words:
// block[3], num_warps | shared << 32, name.
// CHECK-LABEL: module {
// CHECK:       llvm.mlir.global internal constant @__wrapc_image_add("\0A.version 8.0\0A\00") {addr_space = 0 : i32}
// CHECK:       llvm.mlir.global internal constant @__wrapc_entry_add("add_kernel\00")
// CHECK:       llvm.mlir.global internal constant @__wrapc_configs_add(dense<[256, 1, 1, 4, 0, 1024, 1, 1, 214748364808, 0]> : tensor<10xi64>)
// CHECK:       llvm.mlir.global internal constant @__wrapc_kernel_add() {{.*}} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
// CHECK:         llvm.mlir.addressof @__wrapc_image_add
// CHECK:         llvm.mlir.constant(14 : i64)
// CHECK:         llvm.mlir.constant(2 : i64)
// CHECK:       llvm.mlir.global internal @__wrapc_slot_add(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
// CHECK-NOT:   llvm.mlir.global
// CHECK-LABEL: func.func @program(
// CHECK-SAME:    %[[X:[^:]*]]: !wrap.tensor<?xf32, cuda>, %[[N:[^:]*]]: index)
// CHECK-NEXT:    wrap.lazy_launch @__wrapc_slot_add, @__wrapc_kernel_add numel(%[[N]]) args(%[[X]], %[[N]]) : !wrap.tensor<?xf32, cuda>, index
// CHECK-NEXT:    wrap.lazy_launch @__wrapc_slot_add, @__wrapc_kernel_add grid(%[[N]]) args(%[[X]], %[[N]]) : !wrap.tensor<?xf32, cuda>, index
// CHECK-NOT:   wrap.launch
wrap.kernel @add : (!wrap.tensor<?xf32, cuda>, index) -> () entry "add_kernel"
    configs [#wrap.config<"XBLOCK_256", block = [256], num_warps = 4, num_stages = 1, shared = 0>,
             #wrap.config<"XBLOCK_1024", block = [1024], num_warps = 8, num_stages = 1, shared = 50>]
    {ptx = "\n.version 8.0\n"}
func.func @program(%x: !wrap.tensor<?xf32, cuda>, %n: index) {
  wrap.launch @add numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  wrap.launch @add grid(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return
}

// -----

// A ptx_file payload is read at compile time (relative to the working
// directory, else to the kernel's source file), so the compiled wrapper
// needs no file at run time.
// CHECK: llvm.mlir.global internal constant @__wrapc_image_k(".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry from_file() { ret; }\0A\00")
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "from_file"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>]
    {ptx_file = "Inputs/from_file.ptx"}
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

func.func private @k_host(%x: !llvm.ptr, %px: index, %py: index, %pz: index)
// expected-error @+1 {{kernel 'k' has no GPU payload (ptx, ptx_file or cubin_file); `wrapc compile --target=cuda` compiles its MLIR payload to PTX first}}
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {host = @k_host}
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

// expected-error @+1 {{cannot read the payload of kernel 'k': 'Inputs/missing.cubin' not found}}
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "Inputs/missing.cubin"}
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%x: !wrap.tensor<4xf32>, %g: index) {
  // expected-error @+1 {{kernel 'k' runs on the GPU but argument #0 is a host tensor (!wrap.tensor<4xf32>)}}
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32>
  return
}

// -----

wrap.kernel @k : (index) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%g: index) {
  // expected-error @+1 {{a GPU launch of 'k' needs a tensor argument (its device picks the slot entry)}}
  wrap.launch @k grid(%g) args(%g) : index
  return
}

// -----

// A cubin is embedded byte for byte (NUL, quotes, backslashes, high bytes);
// the size field counts the file, not the terminating NUL.
// CHECK: llvm.mlir.global internal constant @__wrapc_image_k("\7FELF\00\22\\\0A\FF\00")
// CHECK: llvm.mlir.constant(9 : i64)
wrap.kernel @k : (!wrap.tensor<4xf32, cuda>) -> () entry "k"
    configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {cubin_file = "Inputs/tiny.cubin"}
func.func @f(%x: !wrap.tensor<4xf32, cuda>, %g: index) {
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32, cuda>
  return
}
