"""What one more compiled graph costs a process: resident memory and disk,
for torch.compile (Inductor), torch.compile(backend="wrapc") and
wrapc_torch.compile (the native call path), each in a fresh process with
its own empty Inductor, Triton and wrapc caches. Each process compiles and
calls WARM graphs, then GRAPHS more, all distinct (another constant each:
other kernels, another wrapper); the cost per graph is the growth over the
GRAPHS divided by their count. Resident memory is the process's current
resident set (/proc/self/statm), not its peak; disk is the growth of the
cache directories (Inductor's code, .so and cubins; wrapc's wrappers).
JSON lines.

    python3 bench/torch/per_graph_memory.py [--device cpu|cuda] [--graphs N]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

CHILD = r"""
import gc, json, os, sys, warnings
import torch, wrapc_torch
warnings.simplefilter("ignore")
dev, how, warm, graphs = {dev!r}, {how!r}, {warm}, {graphs}
page = os.sysconf("SC_PAGE_SIZE")

def resident():
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * page

def disk():
    total = 0
    for root in (os.environ["TORCHINDUCTOR_CACHE_DIR"], os.environ["TRITON_CACHE_DIR"], os.environ["WRAPC_CACHE_DIR"]):
        for d, _, files in os.walk(root):
            total += sum(os.path.getsize(os.path.join(d, f)) for f in files if not os.path.islink(os.path.join(d, f)))
    return total

def graph(i):
    # A code object of its own per graph: Dynamo keys its cache by code
    # object, and closures of one would stop recompiling at its recompile
    # limit (8) and run eagerly, costing nothing.
    scope = {{}}
    exec(f"def fn(x, y):\n    return (x * {{1.0 + i / 1000.0}} + y).relu() * {{i + 1}}\n", scope)
    return scope["fn"]

# Dynamo also counts the graphs' frames as recompiles of one another (one
# file, one name): each is a new graph here, and must be compiled.
torch._dynamo.config.recompile_limit = torch._dynamo.config.accumulated_recompile_limit = 10 * (warm + graphs)
keep = []
x, y = torch.randn(256, device=dev), torch.randn(256, device=dev)
def compile_and_call(i):
    fn = graph(i)
    if how == "torch.compile":
        compiled = torch.compile(fn, fullgraph=True)
    elif how == "backend=wrapc":
        compiled = torch.compile(fn, fullgraph=True, backend="wrapc")
    else:
        compiled = wrapc_torch.compile(fn, [x, y])
    out = compiled(x, y)
    torch.testing.assert_close(out, fn(x, y))
    keep.append(compiled)
    if how != "wrapc_torch.compile":
        assert torch._dynamo.utils.counters["stats"]["unique_graphs"] == i + 1, "a graph was not compiled"

with torch.no_grad():
    for i in range(warm):
        compile_and_call(i)
    r0, d0 = resident(), disk()
    for i in range(warm, warm + graphs):
        compile_and_call(i)
    r1, d1 = resident(), disk()
log = wrapc_torch.import_log() if how == "wrapc_torch.compile" else []
print(json.dumps({{"resident KB per graph": round((r1 - r0) / graphs / 1024, 1),
                  "disk KB per graph": round((d1 - d0) / graphs / 1024, 1),
                  "native": all(e["native"] for e in log) if log else None}}))
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--graphs", type=int, default=30)
    parser.add_argument("--warm", type=int, default=3)
    opts = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    python_dir = os.path.join(here, "..", "..", "python")
    for how in ("torch.compile", "backend=wrapc", "wrapc_torch.compile"):
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, TORCHINDUCTOR_CACHE_DIR=os.path.join(tmp, "inductor"),
                       TRITON_CACHE_DIR=os.path.join(tmp, "triton"), WRAPC_CACHE_DIR=os.path.join(tmp, "wrapc"),
                       PYTHONPATH=os.pathsep.join(filter(None, [python_dir, os.environ.get("PYTHONPATH")])))
            for d in ("inductor", "triton", "wrapc"):
                os.makedirs(os.path.join(tmp, d))
            code = CHILD.format(dev=opts.device, how=how, warm=opts.warm, graphs=opts.graphs)
            run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
            row = {"device": opts.device, "how": how, "graphs": opts.graphs}
            if run.returncode != 0:
                row["error"] = run.stderr.strip().splitlines()[-1:]
            else:
                row.update(json.loads(run.stdout.strip().splitlines()[-1]))
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
