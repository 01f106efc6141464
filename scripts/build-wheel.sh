#!/usr/bin/env bash
# make wheel: wrapc_torch as one wheel that needs nothing but PyTorch at run
# time (docs/TORCH.md, "The wheel"). It bundles the compiler library (MLIR,
# LLVM and lld linked in: the backend compiles in-process and links without
# cc) and the shared runtime every compiled wrapper links; auditwheel then
# copies in the system libraries the compiler needs (libffi, zstd, zlib) and
# names the manylinux platform the wheel really satisfies.
#   scripts/build-wheel.sh [OUT_DIR]      (default target/wheels)
set -euo pipefail
cd "$(dirname "$0")/.."
LLVM_PREFIX=${LLVM_PREFIX:-/usr/lib/llvm-22}
PYTHON=${PYTHON:-python3}
CARGO=${CARGO:-cargo}
out=$(realpath -m "${1:-target/wheels}")
stage=$PWD/target/wheel-stage

"$CARGO" build --release -p wrapc-compiler -p wrapc-runtime
rm -rf "$stage" && mkdir -p "$stage/_licenses" "$out"
# The symbols llvm-strip drops are the static MLIR's and LLVM's, used by no
# one outside the library (240 MB -> 185 MB); the C ABI is dynamic and stays.
"$LLVM_PREFIX/bin/llvm-strip" --strip-unneeded -o "$stage/libwrapc_compiler.so" target/release/libwrapc_compiler.so
cp target/release/libwrapc_runtime.so "$stage/"

# Licenses of what the library embeds or auditwheel bundles: the Debian
# package of every shared library it loads, LLVM's (MLIR, LLVM and lld are
# linked in statically), and each Rust crate with its declared license.
cp LICENSE "$stage/_licenses/wrapc.txt"
packages=(llvm-22)
while read -r lib; do
  owner=$(dpkg -S "$(realpath "$lib")" 2>/dev/null | head -1 | cut -d: -f1) || true
  [ -n "$owner" ] && packages+=("$owner")
done < <(ldd "$stage/libwrapc_compiler.so" | awk '$3 ~ /^\// {print $3}')
for p in $(printf '%s\n' "${packages[@]}" | sort -u); do
  [ -f "/usr/share/doc/$p/copyright" ] && cp "/usr/share/doc/$p/copyright" "$stage/_licenses/$p.txt"
done
"$CARGO" tree -q -p wrapc-compiler -e normal --prefix none --format '{p} {l}' | sort -u \
  | grep -v -e '(\*)$' -e '(proc-macro)' > "$stage/_licenses/rust-crates.txt"

rm -rf "$stage/raw"
WRAPC_BUNDLE_DIR=$stage "$PYTHON" -m pip wheel -q --no-build-isolation --no-deps -w "$stage/raw" ./python
# torch's own libraries come from the torch the user installs beside it.
"$PYTHON" -m auditwheel repair --exclude 'libtorch*.so' --exclude 'libc10*.so' -w "$out" "$stage"/raw/*.whl
ls "$out"/*.whl
