// RUN: wrapc-opt %s -split-input-file -verify-diagnostics --convert-wrap-to-llvm

func.func private @g(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
// expected-error @+1 {{'wrap.runtime_wrapper' must be lowered by wrap-orchestrate before convert-wrap-to-llvm}}
wrap.runtime_wrapper @f : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> calls @g
    inputs [#wrap.input<>] outputs [#wrap.output<non_alias>]

// -----

func.func @f(%x: !wrap.tensor<4xf32>, %y: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{'wrap.apply_mutation' must be lowered by wrap-specialize-mutation-epilogue}}
  wrap.apply_mutation %x, %y {info = #wrap.input<mutates_data>} : !wrap.tensor<4xf32>, !wrap.tensor<4xf32>
  return
}

// -----

func.func @f(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{wrap.free of a tensor this function does not own}}
  wrap.free %x : !wrap.tensor<4xf32>
  return
}

// -----

wrap.kernel @k : (!wrap.tensor<4xf32>) -> () entry "k" configs [#wrap.config<"c", block = [4], num_warps = 1, num_stages = 1, shared = 0>] {ptx = ""}
func.func @f(%x: !wrap.tensor<4xf32>, %g: index) {
  // expected-error @+1 {{kernel 'k' has no host payload; the host backend cannot launch it}}
  wrap.launch @k grid(%g) args(%x) : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f() -> !wrap.tensor<4xf32> {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  wrap.free %buf : !wrap.tensor<4xf32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  return %buf : !wrap.tensor<4xf32>
}

// -----

// The ownership analysis follows a buffer into a device guard's body.
func.func @f() -> !wrap.tensor<2x2xf32> {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  %v = wrap.reuse %buf : !wrap.tensor<4xf32> -> !wrap.tensor<2x2xf32>
  wrap.device_guard 0 {
    // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
    %n = wrap.tensor.size %buf, 0 : !wrap.tensor<4xf32>
  }
  return %v : !wrap.tensor<2x2xf32>
}

// -----

func.func @f() {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  %v = wrap.reuse %buf : !wrap.tensor<4xf32> -> !wrap.tensor<2x2xf32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  wrap.free %buf : !wrap.tensor<4xf32>
  return
}

// -----

func.func @f() -> (!wrap.tensor<4xi32>, !wrap.tensor<4xf32>) {
  %buf = wrap.alloc() : !wrap.tensor<4xf32>
  %r = wrap.reuse %buf : !wrap.tensor<4xf32> -> !wrap.tensor<4xf32>
  %v = wrap.view_dtype %r : !wrap.tensor<4xf32> -> !wrap.tensor<4xi32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  return %v, %buf : !wrap.tensor<4xi32>, !wrap.tensor<4xf32>
}

// -----

// Recursion, direct or mutual, would overflow the caller's stack at run
// time: refused.
func.func @self(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{calls @self recursively; wrapc's native code calls no function recursively}}
  call @self(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

func.func @ping(%x: !wrap.tensor<4xf32>) {
  call @pong(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}
func.func @pong(%x: !wrap.tensor<4xf32>) {
  // expected-error @+1 {{calls @ping recursively}}
  call @ping(%x) : (!wrap.tensor<4xf32>) -> ()
  return
}

// -----

// A CUDA-graph slot the runtime would overrun, or none at all.
llvm.mlir.global internal @small(dense<0> : tensor<4xi8>) {addr_space = 0 : i32} : !llvm.array<4 x i8>
// expected-error @+1 {{wrap.cuda_graph '@small' must be a mutable !llvm.array of at least 8 x i8, got !llvm.array<4 x i8>}}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) attributes {wrap.cuda_graph = @small} {
  return
}

// -----

llvm.mlir.global internal constant @frozen(dense<0> : tensor<8xi8>) {addr_space = 0 : i32} : !llvm.array<8 x i8>
// expected-error @+1 {{wrap.cuda_graph '@frozen' must be a mutable !llvm.array of at least 8 x i8}}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) attributes {wrap.cuda_graph = @frozen} {
  return
}

// -----

// expected-error @+1 {{wrap.cuda_graph '@nothing' does not name an llvm.mlir.global}}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) attributes {wrap.cuda_graph = @nothing} {
  return
}

// -----

// expected-error @+1 {{wrap.cuda_graph must be a symbol reference to the function's graph slot}}
func.func @f(%x: !wrap.tensor<4xf32, cuda>) attributes {wrap.cuda_graph = 3 : i64} {
  return
}

// -----

// A CUDA-graph launch records every argument in an 8-byte cell.
llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
func.func private @f(%x: !wrap.tensor<4xf32, cuda>, %n: index) {
  %w = arith.constant 1 : i128
  // expected-error @+1 {{a CUDA-graph launch passes scalars of at most 64 bits; argument #1 is i128}}
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %w) {cuda_graph} : !wrap.tensor<4xf32, cuda>, i128
  return
}

// -----

// A slot keeps the kernel its first launch loads: launches through one slot
// name one descriptor, in any function of the module and in either launch
// form (another would run the first one's kernel).
llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
llvm.mlir.global internal constant @other() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
func.func private @f(%x: !wrap.tensor<?xf32, cuda>, %n: index) {
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return
}
func.func private @g(%x: !wrap.tensor<?xf32, cuda>, %n: index) {
  // A second launch with the same descriptor, in another shape, is fine.
  wrap.lazy_launch @slot, @desc grid(%n) args(%x) : !wrap.tensor<?xf32, cuda>
  // expected-error @+1 {{slot 'slot' launches descriptor 'other' here but 'desc' elsewhere: a slot keeps the one kernel it first loads, so its launches must name one descriptor}}
  wrap.lazy_launch @slot, @other numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return
}

// -----

llvm.mlir.global internal @slot(dense<0> : tensor<512xi8>) {addr_space = 0 : i32, alignment = 8 : i64} : !llvm.array<512 x i8>
llvm.mlir.global internal constant @desc() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
llvm.mlir.global internal constant @other() {addr_space = 0 : i32} : !llvm.struct<(ptr, i64, ptr, ptr, i64)> {
  %0 = llvm.mlir.zero : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
  llvm.return %0 : !llvm.struct<(ptr, i64, ptr, ptr, i64)>
}
func.func private @f(%x: !wrap.tensor<4xf32, cuda>, %n: index) {
  wrap.lazy_launch @slot, @desc numel(%n) args(%x, %n) {cuda_graph} : !wrap.tensor<4xf32, cuda>, index
  // expected-error @+1 {{slot 'slot' launches descriptor 'other' here but 'desc' elsewhere}}
  wrap.lazy_launch @slot, @other numel(%n) args(%x, %n) {cuda_graph} : !wrap.tensor<4xf32, cuda>, index
  return
}

// -----

// The list of an entry point's borrowable arguments would take a name the
// module already gives something else.
llvm.mlir.global external constant @g_borrowed(0 : i8) {addr_space = 0 : i32} : i8
// expected-error @+1 {{'@g_borrowed' is taken: it would name the entry point's borrowable arguments}}
func.func @g(%x: !wrap.tensor<4xf32>) -> index {
  %s = wrap.tensor.size %x, 0 : !wrap.tensor<4xf32>
  return %s : index
}

// -----

// Freeing what a callee handed back frees the caller's own tensor too.
func.func private @same(%x: !wrap.tensor<4xf32>) -> !wrap.tensor<4xf32> {
  return %x : !wrap.tensor<4xf32>
}
func.func @f() -> !wrap.tensor<4xf32> {
  %a = wrap.alloc() : !wrap.tensor<4xf32>
  %r = call @same(%a) : (!wrap.tensor<4xf32>) -> !wrap.tensor<4xf32>
  wrap.free %r : !wrap.tensor<4xf32>
  // expected-error @+1 {{uses a tensor after its buffer was freed or reused}}
  return %a : !wrap.tensor<4xf32>
}
