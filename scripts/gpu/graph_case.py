"""Writes the CUDA-graph benchmark's wrapper: one public entry point
launching a small MLIR kernel N times in a row on one static-shape tensor
(x += 1 each launch), so that a call is N kernel launches and nothing else.

usage: python3 scripts/gpu/graph_case.py N > case.mlir
"""
import sys

SIZE = 256


def case(n: int) -> str:
    t = f"!wrap.tensor<{SIZE}xf32, cuda>"
    launches = "\n".join(f"  wrap.launch @add_one numel(%n) args(%x, %n) : {t}, index" for _ in range(n))
    return f"""func.func private @add_one_host(%x: !llvm.ptr, %n: index, %px: index, %py: index, %pz: index) {{
  %inside = arith.cmpi ult, %px, %n : index
  scf.if %inside {{
    %k = arith.index_cast %px : index to i64
    %one = arith.constant 1.0 : f32
    %p = llvm.getelementptr %x[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %v = llvm.load %p : !llvm.ptr -> f32
    %w = arith.addf %v, %one : f32
    llvm.store %w, %p : f32, !llvm.ptr
  }}
  return
}}
wrap.kernel @add_one : ({t}, index) -> () entry "wrapc_add_one"
    configs [#wrap.config<"E1", block = [1], num_warps = 1, num_stages = 1, shared = 0>]
    {{host = @add_one_host}}
func.func @chain(%x: {t}) {{
  %n = arith.constant {SIZE} : index
{launches}
  return
}}
"""


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 1:
        sys.exit("usage: graph_case.py N  (N >= 1 launches)")
    sys.stdout.write(case(int(sys.argv[1])))
