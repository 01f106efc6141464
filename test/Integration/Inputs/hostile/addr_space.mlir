// An llvm.mlir.global whose addr_space is not an integer: MLIR 22's parser
// drops it silently and llvm.mlir.addressof's verifier then dereferences
// null (mlir-opt crashes on this file).
llvm.mlir.global internal @g(0 : i32) {addr_space = "x"} : i32
llvm.func @f() -> !llvm.ptr {
  %0 = llvm.mlir.addressof @g : !llvm.ptr
  llvm.return %0 : !llvm.ptr
}
