#!/usr/bin/env python3
"""Writes a round-trip lit test: a header comment, the RUN line, the input IR,
and CHECK lines made from what wrapc-opt prints for it (SSA names become
FileCheck variables, so the test pins syntax, attributes and types, and the
def-use structure). Review the printed form before committing the test.

usage: gen-roundtrip-test.py OUT.mlir "description" < input.mlir
       gen-roundtrip-test.py --refresh TEST.mlir   (regenerates the CHECK lines)
"""
import re
import subprocess
import sys

if sys.argv[1] == "--refresh":
    out_path = sys.argv[2]
    lines = open(out_path).read().splitlines()
    description = lines[0][3:]
    source = "\n".join(l for l in lines if not l.startswith("//"))
else:
    out_path, description = sys.argv[1], sys.argv[2]
    source = sys.stdin.read()
printed = subprocess.run(["target/debug/wrapc-opt", "-"], input=source, capture_output=True, text=True)
if printed.returncode != 0:
    sys.exit(printed.stderr)

names = {}
def var(match):
    name = match.group(1)
    key = re.sub(r"[^A-Za-z0-9_]", "_", name).upper()
    if name in names:
        return "%[[" + names[name] + "]]"
    names[name] = "V" + str(len(names)) + "_" + key.strip("_")[:12]
    return "%[[" + names[name] + ":[a-zA-Z0-9_#]+]]"

checks = []
for line in printed.stdout.splitlines():
    text = line.strip()
    if not text or text == "module {":
        continue
    text = re.sub(r"%([a-zA-Z0-9_]+(?:#[0-9]+)?)", var, text)
    text = text.replace("{{", "{{[{][{]}}") if "{{" in text and "[[" not in text else text
    checks.append(("CHECK: " if not checks else "CHECK-NEXT: ") + text)

with open(out_path, "w") as f:
    f.write(f"// {description}\n// RUN: wrapc-opt %s | wrapc-opt | FileCheck %s\n\n")
    f.write("\n".join("// " + c for c in checks) + "\n\n")
    f.write(source.strip() + "\n")
