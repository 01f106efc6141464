"""Cold compile time at a user's first call: torch.compile (Inductor),
torch.compile(backend="wrapc") and wrapc_torch.compile, each in a fresh
process with empty Inductor, Triton and wrapc caches (their own temporary
directories), first call included; and the resident memory the process
grew by. JSON lines.

    python3 bench/torch/compile_time.py [--device cpu|cuda] [--tool PATH]

wrapc compiles in-process (libwrapc_compiler.so); with --tool, the two wrapc
columns are measured again with the compiler run as that `wrapc` tool per
graph ($WRAPC), the path before the library, in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = r"""
import json, os, resource, sys, time, warnings
sys.path.insert(0, {tests!r})
import torch, wrapc_torch
warnings.simplefilter("ignore")
dev, case, how = {dev!r}, {case!r}, {how!r}
torch.manual_seed(0)
if case == "pointwise":
    fn, args = (lambda x, y: (x * y + 1).relu()), [torch.randn(1024, device=dev), torch.randn(1024, device=dev)]
elif case == "MLP":
    fn = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Linear(128, 64)).to(dev).eval()
    args = [torch.randn(8, 64, device=dev)]
else:
    from test_models import DecodeStep
    fn, args = DecodeStep().to(dev).eval(), [torch.randn(1, 8, device=dev), torch.tensor([3], device=dev)]
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
with torch.no_grad():
    fn(*args)
    if dev == "cuda": torch.cuda.synchronize()
    t0 = time.perf_counter()
    if how == "torch.compile":
        torch.compile(fn)(*args)
    elif how == "backend=wrapc":
        torch.compile(fn, backend="wrapc")(*args)
    else:
        wrapc_torch.compile(fn, args)(*args)
    if dev == "cuda": torch.cuda.synchronize()
    seconds = time.perf_counter() - t0
grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
print(json.dumps({{"seconds": round(seconds, 2), "max_rss_growth_mb": round(grown / 1024, 1)}}))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--tool", help="also measure with WRAPC=TOOL (a process per compiled graph)")
    options = parser.parse_args()
    dev = options.device
    ways = [("torch.compile", "torch.compile", None), ("backend=wrapc", "backend=wrapc", None),
            ("wrapc_torch.compile", "wrapc_torch.compile", None)]
    if options.tool:
        tool = os.path.abspath(options.tool)
        ways += [("backend=wrapc (tool)", "backend=wrapc", tool), ("wrapc_torch.compile (tool)", "wrapc_torch.compile", tool)]
    tests = os.path.join(HERE, "..", "..", "python", "tests")
    for case in ("pointwise", "MLP", "decode step"):
        row = {"case": f"{dev}: {case}"}
        for column, how, tool in ways:
            with tempfile.TemporaryDirectory() as tmp:
                env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.join(tmp, "inductor"),
                           TRITON_CACHE_DIR=os.path.join(tmp, "triton"), WRAPC_CACHE_DIR=os.path.join(tmp, "wrapc"))
                env.pop("WRAPC", None)
                if tool:
                    env["WRAPC"] = tool
                code = CHILD.format(tests=tests, dev=dev, case=case, how=how)
                result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
                if result.returncode != 0:
                    row[column] = {"error": result.stderr.strip().splitlines()[-1:]}
                else:
                    row[column] = json.loads(result.stdout.strip().splitlines()[-1])
        row["wrapc_torch.compile / torch.compile"] = round(
            row["wrapc_torch.compile"].get("seconds", 0) / max(row["torch.compile"].get("seconds", 1e-9), 1e-9), 2
        )
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
