#!/usr/bin/env bash
# The CMake package as a downstream MLIR project uses it: configure, build
# and install WrapcMLIR into a fresh prefix, then build examples/embed
# against the installed package only (no path into this checkout) and run
# its two programs. Run by `make test` and CI.
#   scripts/check-embed.sh [WORK_DIR]
# WORK_DIR (default: a fresh temporary directory, removed on success) must
# lie outside the checkout, so that the check below can tell a path into the
# checkout from one into the installed package.
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM_PREFIX=${LLVM_PREFIX:-/usr/lib/llvm-22}
. scripts/work-dir.sh
work_dir check-embed "$@"
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
check() { "$LLVM_PREFIX/bin/FileCheck" "$@"; }

# The package, from the debug build `make build` made (CI builds no release
# compiler); a user's default is cargo's release profile.
cmake -S . -B "$work/package" "${generator[@]}" -DMLIR_DIR="$LLVM_PREFIX/lib/cmake/mlir" \
  -DWRAPC_CARGO_RELEASE=OFF >"$work/package.log" 2>&1 || { cat "$work/package.log"; exit 1; }
cmake --build "$work/package" >>"$work/package.log" 2>&1 || { cat "$work/package.log"; exit 1; }
cmake --install "$work/package" --prefix "$work/prefix" >>"$work/package.log" 2>&1

# The downstream project sees the installed prefix only: a copy of the
# example outside the checkout, and the demo module copied beside it.
cp -r examples/embed "$work/src"
cp examples/demo.mlir "$work/demo.mlir"
cp test/Transforms/wrap-attach-ptx.mlir "$work/kernel.mlir"
cmake -S "$work/src" -B "$work/build" "${generator[@]}" -DWrapcMLIR_DIR="$work/prefix/lib/cmake/WrapcMLIR" \
  >"$work/embed.log" 2>&1 || { cat "$work/embed.log"; exit 1; }
cmake --build "$work/build" >>"$work/embed.log" 2>&1 || { cat "$work/embed.log"; exit 1; }
if grep -q -- "$PWD" "$work/build/build.ninja" "$work/build/Makefile" 2>/dev/null; then
  echo "check-embed: the example's build names this checkout; it must use the installed package only" >&2
  exit 1
fi

opt=$work/build/embed-opt
run=$work/build/embed-run
# wrapc's passes and pipelines beside upstream's, in one pipeline.
"$opt" "$work/demo.mlir" --pass-pipeline='builtin.module(wrap-specialize,canonicalize,wrap-lower-to-llvm)' \
  | check --check-prefix=LOWERED examples/embed/checks.txt
# A pass with options, and an upstream dialect the project added.
"$opt" "$work/demo.mlir" --wrap-specialize | check --check-prefix=SPECIALIZED examples/embed/checks.txt
printf 'func.func @g(%%x: f32) -> f32 {\n  %%y = math.sqrt %%x : f32\n  return %%y : f32\n}\n' \
  | "$opt" --canonicalize | check --check-prefix=UPSTREAM examples/embed/checks.txt
# The CUDA pipeline: a kernel written in MLIR compiled to PTX by the NVPTX
# back end the package registers with the passes.
"$opt" "$work/kernel.mlir" --wrap-specialize --wrap-lower-to-llvm-cuda | check --check-prefix=CUDA examples/embed/checks.txt
# The compiled wrapper, called on runtime tensors: what call_demo.c sees.
"$run" "$work/demo.mlir" | check --check-prefix=CALL examples/embed/checks.txt
# Bad input: a clear error and exit code 1.
if "$opt" "$work/demo.mlir" --pass-pipeline='builtin.module(wrap-nope)' 2>"$work/err.txt" >/dev/null; then
  echo "check-embed: an unknown pass was accepted" >&2; exit 1
fi
check --check-prefix=UNKNOWN examples/embed/checks.txt <"$work/err.txt"
status=0; "$run" "$work/demo.mlir" no_such_entry 2>"$work/err.txt" || status=$?
[ "$status" -eq 1 ] || { echo "check-embed: embed-run exited $status on a missing entry" >&2; exit 1; }
check --check-prefix=NO-ENTRY examples/embed/checks.txt <"$work/err.txt"
[ $# -gt 0 ] || rm -rf "$work"
echo "check-embed: WrapcMLIR $(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1) installed, examples/embed built against it and run: 7 checks passed"
