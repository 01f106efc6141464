#!/usr/bin/env bash
# Compiles the MLIR kernel of test/Target/nvptx.mlir to PTX here, then (on
# the device machine, through the device tool, with target/gpu carried)
# loads and runs it with the CUDA driver API and checks the result:
#   here:    scripts/gpu-check-ptx.sh prepare
#   device:  scripts/gpu-check-ptx.sh run
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  prepare)
    mkdir -p target/gpu
    target/debug/wrapc compile test/Target/nvptx.mlir --target=cuda --emit=ptx -o target/gpu/scale_sm90.ptx
    ;;
  run)
    nvcc -O2 -o /tmp/ptx_launch scripts/gpu/ptx_launch.c -lcuda
    /tmp/ptx_launch target/gpu/scale_sm90.ptx scale_kernel
    ;;
  *)
    echo "usage: $0 prepare|run" >&2
    exit 2
    ;;
esac
