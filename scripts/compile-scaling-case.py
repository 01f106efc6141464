#!/usr/bin/env python3
"""Writes a wrapper whose graph chains N host-kernel launches (empty_strided +
launch numel + free per step), for measuring wrapc compile time:
    python3 scripts/compile-scaling-case.py 1000 > n1000.mlir
    target/release/wrapc compile n1000.mlir -o n1000.so   # prints time per phase
"""
import sys
n=int(sys.argv[1])
t="!wrap.tensor<?xf32>"
print("""func.func @payload(%x: !llvm.ptr, %out: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {
  %block = arith.constant 256 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %start = arith.muli %px, %block : index
  %stop = arith.addi %start, %block : index
  %end = arith.minui %stop, %n : index
  scf.for %i = %start to %end step %c1 {
    %k = arith.index_cast %i : index to i64
    %xp = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %op = llvm.getelementptr %out[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %a = llvm.load %xp : !llvm.ptr -> f32
    %r = arith.addf %a, %one : f32
    llvm.store %r, %op : f32, !llvm.ptr
  }
  return
}
wrap.kernel @k : (%T, %T, index) -> () entry "k" configs [#wrap.config<"B", block = [256], num_warps = 4, num_stages = 1, shared = 0>] {host = @payload}
func.func private @graph(%x: %T, %n: index) -> %T {""".replace("%T",t))
prev="%x"
for i in range(n):
    print(f"  %b{i} = wrap.empty_strided [%n] [1] : {t}")
    print(f"  wrap.launch @k numel(%n) args({prev}, %b{i}, %n) : {t}, {t}, index")
    if prev!="%x": print(f"  wrap.free {prev} : {t}")
    prev=f"%b{i}"
print(f"  return {prev} : {t}\n}}")
print(f"wrap.runtime_wrapper @f : ({t}, index) -> {t} calls @graph inputs [#wrap.input<>, #wrap.input<>] outputs [#wrap.output<non_alias>]")
