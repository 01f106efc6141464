#!/usr/bin/env bash
# CUDA-graph mode (wrapc compile --cuda-graphs) on a GPU, against direct
# launches and PyTorch's CUDA graphs, in one process.
#
#   here:    scripts/gpu-graphs.sh prepare   (compiles into target/gpu/graphs)
#   device:  scripts/gpu-graphs.sh run       (with target/gpu/graphs carried;
#                                             needs the CUDA driver and torch)
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=target/gpu/graphs
NS="5 20"

prepare() {
  cargo build --release -p wrapc
  rm -rf "$OUT" && mkdir -p "$OUT"
  for n in $NS; do
    python3 scripts/gpu/graph_case.py "$n" > "$OUT/chain_$n.mlir"
    target/release/wrapc compile "$OUT/chain_$n.mlir" --target=cuda -O3 -o "$OUT/chain_$n.so" --quiet
    target/release/wrapc compile "$OUT/chain_$n.mlir" --target=cuda --cuda-graphs -O3 -o "$OUT/chain_${n}_graphs.so" --quiet
  done
  strip --strip-unneeded "$OUT"/*.so
  rm -f "$OUT"/*.h
  du -sh "$OUT"
}

run() {
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  python3 scripts/gpu/graph_bench.py "$OUT"
}

case "${1:-}" in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run" >&2; exit 2 ;;
esac
