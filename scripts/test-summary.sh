#!/usr/bin/env bash
# Sums the results of lit and cargo test in a log into one closing line:
#   tests: N passed, M failed
set -euo pipefail
log=$1
cargo_passed=$(grep -oE 'test result: [a-zA-Z]+\. [0-9]+ passed' "$log" | grep -oE '[0-9]+ passed' | awk '{s+=$1} END {print s+0}')
cargo_failed=$(grep -oE 'test result: [a-zA-Z]+\. [0-9]+ passed; [0-9]+ failed' "$log" | grep -oE '[0-9]+ failed' | awk '{s+=$1} END {print s+0}')
lit_passed=$(grep -oE '^ *Passed *: *[0-9]+' "$log" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
lit_failed=$(grep -oE '^ *Failed *: *[0-9]+' "$log" | grep -oE '[0-9]+' | awk '{s+=$1} END {print s+0}')
echo "lit: ${lit_passed} passed, ${lit_failed} failed"
echo "cargo: ${cargo_passed} passed, ${cargo_failed} failed"
echo "tests: $((lit_passed + cargo_passed)) passed, $((lit_failed + cargo_failed)) failed"
