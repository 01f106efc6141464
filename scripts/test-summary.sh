#!/usr/bin/env bash
# Sums the results of lit and cargo test in a log into one closing line:
#   tests: N passed, M failed
set -u
log=$1
# Sums the numbers `extract` (a sed expression) pulls out of matching lines.
sum() { sed -nE "$1" "$log" | awk '{ s += $1 } END { print s + 0 }'; }
cargo_passed=$(sum 's/^test result: [a-zA-Z]+\. ([0-9]+) passed.*/\1/p')
cargo_failed=$(sum 's/^test result: .*; ([0-9]+) failed.*/\1/p')
lit_passed=$(sum 's/^ *Passed *: *([0-9]+).*/\1/p')
lit_failed=$(sum 's/^ *Failed *: *([0-9]+).*/\1/p')
# pytest's closing line, "70 passed, 2 failed in 30.1s" (with -q) or the
# same between "=" rules; either count may be missing.
py_line='^(=+ )?([0-9]+ [a-z]+, )*'
py_passed=$(sum "s/${py_line}([0-9]+) passed(, [0-9]+ [a-z]+)* in [0-9.]+s.*/\\3/p")
py_failed=$(sum "s/${py_line}([0-9]+) failed(, [0-9]+ [a-z]+)* in [0-9.]+s.*/\\3/p")
echo "lit: ${lit_passed} passed, ${lit_failed} failed"
echo "cargo: ${cargo_passed} passed, ${cargo_failed} failed"
echo "pytest: ${py_passed} passed, ${py_failed} failed"
echo "tests: $((lit_passed + cargo_passed + py_passed)) passed, $((lit_failed + cargo_failed + py_failed)) failed"
