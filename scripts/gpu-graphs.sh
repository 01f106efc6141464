#!/usr/bin/env bash
# CUDA-graph mode (wrapc compile --cuda-graphs) on a GPU, against direct
# launches and PyTorch's CUDA graphs, in one process.
#
#   here:    scripts/gpu-graphs.sh prepare   (compiles into target/gpu/graphs)
#   device:  scripts/gpu-graphs.sh run       (with target/gpu/graphs carried;
#                                             needs the CUDA driver, cc and torch)
#
# run: first the effects of seed 000's five wrappers (allocations, views,
# copies, outputs; scripts/gpu-check.sh's cases) compiled with --cuda-graphs
# must equal their host builds' over 6 calls (the batch is instantiated at
# the third call and replayed after it, or launched directly where its
# pointers change); then the benchmark (scripts/gpu/graph_bench.py).
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/gpu/graphs
NS="5 20"
CASES="0_0_5 2_0_5 0_2_5 3_1_10 5_3_20"

prepare() {
  cargo build --release -p wrapc -p wrapc-dev
  rm -rf "$OUT" && mkdir -p "$OUT"
  for n in $NS; do
    python3 scripts/gpu/graph_case.py "$n" > "$OUT/chain_$n.mlir"
    target/release/wrapc compile "$OUT/chain_$n.mlir" --target=cuda -O3 -o "$OUT/chain_$n.so" --quiet
    target/release/wrapc compile "$OUT/chain_$n.mlir" --target=cuda --cuda-graphs -O3 -o "$OUT/chain_${n}_graphs.so" --quiet
  done
  target/release/wrapc-dev bench --write-fused-cases "$OUT/src_cuda" --device cuda
  target/release/wrapc-dev bench --write-fused-cases "$OUT/src_host" --device host
  for c in $CASES; do
    target/release/wrapc compile "$OUT/src_cuda/case_$c.mlir" --target=cuda --cuda-graphs -O3 -o "$OUT/cuda_$c.so" --quiet
    target/release/wrapc compile "$OUT/src_host/case_$c.mlir" -O3 -o "$OUT/host_$c.so" --quiet
  done
  rm -rf "$OUT/src_cuda" "$OUT/src_host"
  strip --strip-unneeded "$OUT"/*.so
  rm -f "$OUT"/*.h
  du -sh "$OUT"
}

run() {
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cc -O2 -o /tmp/wrapper_bench scripts/gpu/wrapper_bench.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcuda -ldl -lpthread
  local status=0 result
  for c in $CASES; do
    IFS=_ read -r aliases _ args <<<"$c"
    result=$(/tmp/wrapper_bench effects "$OUT/cuda_$c.so" "$OUT/host_$c.so" "$args" $((aliases + 1)) 6)
    if diff <(grep '^cuda ' <<<"$result" | cut -d' ' -f2-) <(grep '^host ' <<<"$result" | cut -d' ' -f2-) >/dev/null; then
      echo "effects $c with --cuda-graphs: GPU == host ($(grep -c '^cuda ' <<<"$result") tensors after 6 calls)"
    else
      echo "effects $c with --cuda-graphs: MISMATCH"
      echo "$result"
      status=1
    fi
  done
  python3 scripts/gpu/graph_bench.py "$OUT"
  return $status
}

case "${1:-}" in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
