#!/usr/bin/env bash
# The wheel as a PyTorch user meets it: build it (scripts/build-wheel.sh),
# check what it carries, install it into a fresh virtual environment that
# sees the wheel's requirements (PyTorch, numpy) and nothing else, and run scripts/wheel-smoke.py there with
# no LLVM, Rust or C compiler reachable. Run by `make test` and CI.
#   scripts/check-wheel.sh [--wheel FILE] [--cuda] [WORK_DIR]
# WORK_DIR defaults to a temporary directory, removed on success. --wheel
# checks a wheel built elsewhere (the GPU machine's, built by
# scripts/gpu-torch.sh wheel without auditwheel: no tag check); --cuda runs
# the smoke test's CUDA part too, with the system's bin on PATH for Triton.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
prebuilt= cuda=
while [ $# -gt 0 ]; do
  case "$1" in
    --wheel) prebuilt=$(realpath "$2"); shift 2 ;;
    --cuda) cuda=1; shift ;;
    *) break ;;
  esac
done
. scripts/work-dir.sh
work_dir check-wheel "$@"
fail() { echo "check-wheel: $*" >&2; exit 1; }

if [ -n "$prebuilt" ]; then
  wheel=$prebuilt
else
  scripts/build-wheel.sh "$work/wheels" >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
  wheels=("$work"/wheels/*.whl)
  [ ${#wheels[@]} -eq 1 ] || fail "expected one wheel, found ${wheels[*]}"
  wheel=${wheels[0]}
  case "$(basename "$wheel")" in
    wrapc_torch-*-manylinux_*_x86_64.whl) ;;
    *) fail "$(basename "$wheel") has no manylinux platform tag" ;;
  esac
  # auditwheel agrees with the tag the file name claims: the symbol versions
  # the wheel's libraries need allow it. (Its summary line says linux_x86_64,
  # as for every torch extension: torch's libraries are a requirement, not
  # bundled, so auditwheel cannot place them.)
  tag=$(basename "$wheel" .whl); tag=${tag##*-}
  "$PYTHON" -m auditwheel show "$wheel" 2>/dev/null | tr -s ' \n' ' ' | grep -q "constrains the platform tag to \"$tag\"" \
    || fail "auditwheel show does not confirm $tag"
fi

# What it carries: the compiler and runtime, no dynamic LLVM, MLIR or clang.
"$PYTHON" -m zipfile -e "$wheel" "$work/unpacked"
for f in wrapc_torch/libwrapc_compiler.so wrapc_torch/libwrapc_runtime.so wrapc_torch/_licenses/llvm-22.txt; do
  [ -f "$work/unpacked/$f" ] || fail "the wheel lacks $f"
done
while read -r elf; do
  if readelf -d "$elf" | grep -E 'NEEDED.*\[lib(LLVM|MLIR|clang|lld)' >/dev/null; then
    fail "$(basename "$elf") needs a shared LLVM library: $(readelf -d "$elf" | grep NEEDED | tr -s ' ')"
  fi
done < <(find "$work/unpacked" -name '*.so*' -type f)

# A fresh environment that sees exactly the install closure of the wheel's
# requirements (PyTorch and what it requires, numpy): links to their files,
# in one directory a .pth file names (so that no other package of this
# machine, this checkout's editable install included, is importable). pip
# sees them there, so the wheel's own requirements are checked, offline.
# A Python without ensurepip (some distributions' system Python) makes the
# environment without pip; the outer pip then installs into it.
if "$PYTHON" -m venv "$work/venv" >/dev/null 2>&1; then
  pip=("$work/venv/bin/python" -m pip)
else
  rm -rf "$work/venv" && "$PYTHON" -m venv --without-pip "$work/venv"
  pip=("$PYTHON" -m pip --python "$work/venv/bin/python")
fi
"$PYTHON" - "$work/requirements" "$work"/unpacked/*.dist-info/METADATA <<'PY'
import email, importlib.metadata as md, sys
from pathlib import Path
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
dest = Path(sys.argv[1]); dest.mkdir()
wheel = email.message_from_string(Path(sys.argv[2]).read_text()).get_all("Requires-Dist") or []
todo, seen = [(canonicalize_name(Requirement(r).name), frozenset()) for r in wheel], set()
while todo:
    name, extras = todo.pop()
    if (name, extras) in seen:
        continue
    seen.add((name, extras))
    try:
        dist = md.distribution(name)
    except md.PackageNotFoundError:
        continue  # required only elsewhere (another platform, Python or extra)
    for text in dist.requires or []:
        req = Requirement(text)
        if req.marker is None or any(req.marker.evaluate({"extra": e}) for e in extras | {""}):
            todo.append((canonicalize_name(req.name), frozenset(req.extras)))
    root = Path(dist.locate_file(""))
    for f in dist.files or []:
        top = f.parts[0]
        if top in ("..", "__pycache__") or top.endswith(".pth"):
            continue
        link = dest / top
        if not link.exists():
            link.symlink_to(root / top)
PY
site=$("$work/venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
echo "$work/requirements" > "$site/wheel-requirements.pth"
"${pip[@]}" install -q --no-index "$wheel" >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }

# No LLVM, Rust or C compiler reachable: PATH is the environment's bin only,
# and nothing but HOME and the cache directory comes from outside.
mkdir -p "$work/home"
env -i HOME="$work/home" PATH="$work/venv/bin" WRAPC_CACHE_DIR="$work/cache" \
  "$work/venv/bin/python" -I scripts/wheel-smoke.py || fail "the smoke test failed in $work"
if [ -n "$cuda" ]; then
  env -i HOME="$work/home" PATH="$work/venv/bin:/usr/bin:/bin" WRAPC_CACHE_DIR="$work/cache-cuda" \
    "$work/venv/bin/python" -I scripts/wheel-smoke.py --cuda || fail "the CUDA smoke test failed in $work"
fi
size=$(du -m "$wheel" | cut -f1)
[ $# -gt 0 ] || rm -rf "$work"
echo "check-wheel: $(basename "$wheel") ($size MB) installed into a fresh environment and run"
