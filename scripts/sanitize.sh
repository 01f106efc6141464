#!/usr/bin/env bash
# The C ABI stress program (examples/c/abi_stress.c) against the demo's
# compiled wrapper, built with AddressSanitizer and UndefinedBehaviorSanitizer
# (any report aborts the run and fails).
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/sanitize
rm -rf "$out" && mkdir -p "$out"
target/debug/wrapc compile examples/demo.mlir -o "$out/libdemo.so" --quiet
cc -std=c11 -Wall -Werror -g -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
  examples/c/abi_stress.c -I "$out" -I runtime/include -L "$out" -ldemo -Wl,-rpath,"$PWD/$out" -lpthread \
  -o "$out/abi_stress"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 "$out/abi_stress"
