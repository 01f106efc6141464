// Found by wrapc-dev fuzz: lines of a function moved out of order (a use before
// its definition, a return before the last op). Op verifiers assume the
// structure MLIR verifies first, so no check may run them before that.


func.func private @inc_host(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
    llvm.store %w, %p : f32, !llvm.ptr
  scf.if %inside {
    %k = arith.index_cast %px : index to i64
    %p = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p : !llvm.ptr -> f32
    %one = arith.constant 1.0 : f32
    %w = arith.addf %v, %one : f32
  %inside = arith.cmpi ult, %px, %n : index
  }
  return
wrap.device_guard 0 {
}
}
wrap.kernel @inc : (!wrap.tensor<?xf32, cuda>, index) -> () entry "inc_kernel"
    configs [#wrap.config<"E1", block = [1], num_warps = 1, num_stages = 1, shared = 0>] {host = @inc_host}
func.func private @graph(%x: !wrap.tensor<?xf32, cuda>) -> !wrap.tensor<?xf32, cuda> {
  %n = wrap.tensor.size %x, 0 : !wrap.tensor<?xf32, cuda>
  wrap.launch @inc numel(%n) args(%x, %n) : !wrap.tensor<?xf32, cuda>, index
  return %x : !wrap.tensor<?xf32, cuda>
}
wrap.runtime_wrapper @f : (!wrap.tensor<?xf32, cuda>) -> () calls @graph
  inputs [#wrap.input<mutates_data>]
  outputs []
