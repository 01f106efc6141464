#!/usr/bin/env bash
# GPU validation and benchmark of wrappers compiled by wrapc.
#
#   here:    scripts/gpu-check.sh prepare   (compiles everything into target/gpu)
#   device:  scripts/gpu-check.sh run       (with target/gpu carried; needs
#                                            the CUDA driver and a C compiler)
#
# prepare: seed 000's five cases with a real fused kernel (the functions of
# ../shared/anchors/torch_overhead.py), each compiled for the GPU
# (--target=cuda: lazy launch slots, PTX from the MLIR kernel) and for the
# host backend (the same module with host tensors), the kernels' PTX, and
# examples/cuda/epilogue.mlir (the strided copy epilogue) for both.
#
# run: for every case, the effects of three calls on the GPU build must
# equal the host build's (values, sizes, strides, offsets, versions,
# aliasing); the first call from 16 threads at once; then the first-call
# time in a fresh process with an empty cubin cache and in a second process
# with the cache filled, and the per-call host time of the wrapper against
# a bare cuLaunchKernel of the same kernel with the same arguments.
set -euo pipefail
cd "$(dirname "$0")/.."
CASES="0_0_5 2_0_5 0_2_5 3_1_10 5_3_20"
OUT=target/gpu/wrappers

prepare() {
  cargo build --release -p wrapc -p wrapc-dev -p wrapc-runtime
  local wrapc=target/release/wrapc
  rm -rf "$OUT" && mkdir -p "$OUT"
  target/release/wrapc-dev bench --write-fused-cases "$OUT/src_cuda" --device cuda
  target/release/wrapc-dev bench --write-fused-cases "$OUT/src_host" --device host
  for c in $CASES; do
    $wrapc compile "$OUT/src_cuda/case_$c.mlir" --target=cuda -O3 -o "$OUT/cuda_$c.so" --quiet
    $wrapc compile "$OUT/src_cuda/case_$c.mlir" --target=cuda --emit=ptx -O3 -o "$OUT/case_$c.ptx" --quiet
    $wrapc compile "$OUT/src_host/case_$c.mlir" -O3 -o "$OUT/host_$c.so" --quiet
  done
  $wrapc compile examples/cuda/epilogue.mlir --target=cuda -O3 -o "$OUT/cuda_epilogue.so" --quiet
  sed 's/, cuda>/>/g' examples/cuda/epilogue.mlir > "$OUT/src_host/epilogue.mlir"
  $wrapc compile "$OUT/src_host/epilogue.mlir" -O3 -o "$OUT/host_epilogue.so" --quiet
  strip --strip-unneeded "$OUT"/*.so
  rm -f "$OUT"/*.h
  du -sh "$OUT"
}

# Runs the GPU and host builds and fails unless every line matches.
compare() {
  local name=$1 nargs=$2 nout=$3
  local result
  result=$(/tmp/wrapper_bench effects "$OUT/cuda_$name.so" "$OUT/host_$name.so" "$nargs" "$nout" 3)
  if diff <(grep '^cuda ' <<<"$result" | cut -d' ' -f2-) <(grep '^host ' <<<"$result" | cut -d' ' -f2-) >/dev/null; then
    echo "effects $name: GPU == host ($(grep -c '^cuda ' <<<"$result") tensors after 3 calls)"
  else
    echo "effects $name: MISMATCH"
    echo "$result"
    return 1
  fi
}

run() {
  cc -O2 -o /tmp/wrapper_bench scripts/gpu/wrapper_bench.c -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -lcuda -ldl -lpthread
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  cc -O2 -o /tmp/atomic_cost scripts/gpu/atomic_cost.c && echo "this CPU: $(/tmp/atomic_cost)"
  local status=0
  for c in $CASES; do
    IFS=_ read -r aliases mutated args <<<"$c"
    compare "$c" "$args" $((aliases + 1)) || status=1
  done
  WRAPC_SHAPE=4x4 compare epilogue 2 2 || status=1
  echo "first call from 16 threads at once (case 0_2_5: two inputs mutated in place):"
  /tmp/wrapper_bench threads "$OUT/cuda_0_2_5.so" 5 1 16 | sed -n 1,2p
  for c in $CASES; do
    IFS=_ read -r aliases mutated args <<<"$c"
    local cache
    cache=$(mktemp -d)
    echo "== case $aliases alias, $mutated mut, $args args"
    echo "-- process 1 (empty cubin cache: PTX JIT)"
    WRAPC_CACHE_DIR=$cache /tmp/wrapper_bench bench "$OUT/cuda_$c.so" "$OUT/case_$c.ptx" "wrapc_fused_$c" "$args" $((aliases + 1))
    # With aliases, also what one regenerated view costs on this CPU.
    WRAPC_MICRO=$([ "$aliases" -gt 0 ] && echo 1 || true) /tmp/wrapper_bench host "$OUT/host_$c.so" "$args" $((aliases + 1))
    echo "-- process 2 (cubin cache filled)"
    WRAPC_CACHE_DIR=$cache /tmp/wrapper_bench bench "$OUT/cuda_$c.so" "$OUT/case_$c.ptx" "wrapc_fused_$c" "$args" $((aliases + 1)) | head -1
  done
  return $status
}

case "${1:-}" in
  prepare) prepare ;;
  run) run ;;
  *)
    echo "usage: $0 prepare|run" >&2
    exit 2
    ;;
esac
