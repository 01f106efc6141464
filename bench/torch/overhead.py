"""Per-call host time of backend="wrapc" against PyTorch's own paths, in one
process, side by side, on seed 000's five cases and a KV-cache decode step.

Columns (µs per call, best of 5 rounds of ITERS calls):
  eager                 the function op by op
  dynamo+identity       Dynamo's frame evaluation and guards around the eager
                        FX graph: the floor under any torch.compile backend
  inductor              torch.compile default
  reduce-overhead       torch.compile(mode="reduce-overhead") (CUDA only)
  wrapc                 torch.compile(backend="wrapc"), Inductor computing
  wrapc_torch.compile   the Dynamo-free native callable, Inductor computing,
                        Inductor's wrapper program imported as native code
                        where it can be (CPU graphs; see `native`)
  wrapc_torch.compile (mirrored)
                        the same with every argument mirrored as a runtime
                        object (WRAPC_LEND_ARGUMENTS=0), none lent: the
                        path before lending
  wrapc_torch.compile (python wrapper)
                        the same with Inductor's Python wrapper (call())
                        called back by the native runtime wrapper
                        (WRAPC_INDUCTOR_WRAPPER=python): the path before
  graph alone           Inductor's compiled graph called directly with its
                        boxed argument list (no wrapper at all)
  floor                 CUDA: the native graph's kernel launches alone, from
                        the same cubins with the same grids, back to back in
                        a C program (launch_floor.c); graphs of static
                        Triton launches only
and, last, an MLP's training forward (grad mode on, parameters requiring
grad: the wrapper runs around AOTAutograd's CompiledFunction).
The cases are ../shared/anchors/torch_overhead.py's (imported, not copied).

    python3 bench/torch/overhead.py [--device cpu|cuda] > results.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ANCHORS = os.environ.get("WRAPC_ANCHORS", os.path.join(HERE, "..", "..", "..", "shared", "anchors"))
sys.path.insert(0, ANCHORS)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "tests"))

import wrapc_torch  # noqa: E402
from wrapc_torch._private import aot  # noqa: E402
from torch_overhead import CASES, case_fn  # noqa: E402


def bench(fn, args, iters, sync):
    for _ in range(50):
        fn(*args)
    if sync:
        torch.cuda.synchronize()
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        for _ in range(iters):
            fn(*args)
        if sync:
            torch.cuda.synchronize()
        best = min(best, (time.perf_counter() - t0) / iters)
    return round(best * 1e6, 2)


def identity_backend(gm, example_inputs):
    return gm.forward


def graph_alone(fn, args):
    """Inductor's compiled graph for fn, without any runtime wrapper, called
    with the arguments Dynamo handed the backend (lifted parameters first)."""
    captured = {}

    def recording(gm, inputs):
        c = aot.capture(gm, inputs, "inductor")
        captured["graph"], captured["inputs"] = c.compiled, [*c.params, *inputs]
        return gm.forward

    torch._dynamo.reset()
    torch.compile(fn, backend=recording, fullgraph=True)(*args)
    torch._dynamo.reset()
    graph, inputs = captured["graph"], captured["inputs"]
    return lambda *a: graph(list(inputs))


FLOOR = None  # the built launch_floor program (CUDA only)


def build_floor():
    import subprocess
    import tempfile

    binary = os.path.join(tempfile.mkdtemp(), "launch_floor")
    subprocess.run(["cc", "-O2", "-o", binary, os.path.join(HERE, "launch_floor.c"), "-ldl"], check=True)
    return binary


def floor_us(plans):
    import subprocess
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".plan", delete=False) as f:
        f.write("".join(plans))
    result = subprocess.run([FLOOR, f.name], capture_output=True, text=True, check=True)
    return json.loads(result.stdout)["floor_us"]


def measure(name, f, args, dev, iters):
    sync = dev == "cuda"
    clone = lambda: [a.clone() if isinstance(a, torch.Tensor) else a for a in args]  # noqa: E731
    out = {"case": name, "eager": bench(f, clone(), iters, sync)}
    runs = [("dynamo+identity", dict(backend=identity_backend)), ("inductor", {})]
    if dev == "cuda":
        runs.append(("reduce-overhead", dict(mode="reduce-overhead")))
    runs.append(("wrapc", dict(backend="wrapc")))
    for label, kwargs in runs:
        torch._dynamo.reset()
        out[label] = bench(torch.compile(f, fullgraph=True, **kwargs), clone(), iters, sync)
    torch._dynamo.reset()
    wrapc_torch.import_log(clear=True)
    t0 = time.perf_counter()
    native = wrapc_torch.compile(f, clone())
    out["compile s: wrapc_torch.compile"] = round(time.perf_counter() - t0, 2)
    log = wrapc_torch.import_log(clear=True)
    out["native"] = all(e["native"] for e in log) and bool(log)
    if not out["native"]:
        out["kept python wrapper"] = [e["reason"] for e in log if not e["native"]]
    out["wrapc_torch.compile"] = bench(native, clone(), iters, sync)
    plans = [e["launch_plan"] for e in log]
    if FLOOR and plans and all(plans):
        out["floor"] = floor_us(plans)
        out["wrapc_torch.compile / floor"] = round(out["wrapc_torch.compile"] / out["floor"], 2)
    os.environ["WRAPC_LEND_ARGUMENTS"] = "0"
    try:
        out["wrapc_torch.compile (mirrored)"] = bench(wrapc_torch.compile(f, clone()), clone(), iters, sync)
    finally:
        del os.environ["WRAPC_LEND_ARGUMENTS"]
    os.environ["WRAPC_INDUCTOR_WRAPPER"] = "python"
    try:
        out["wrapc_torch.compile (python wrapper)"] = bench(wrapc_torch.compile(f, clone()), clone(), iters, sync)
    finally:
        del os.environ["WRAPC_INDUCTOR_WRAPPER"]
    out["graph alone"] = bench(graph_alone(f, clone()), clone(), iters, sync)
    out["wrapc - identity floor"] = round(out["wrapc"] - out["dynamo+identity"], 2)
    out["inductor / wrapc_torch.compile"] = round(out["inductor"] / out["wrapc_torch.compile"], 1)
    print(json.dumps(out), flush=True)


def measure_training(name, f, args, dev, iters):
    """A training forward (parameters require grad, grad mode on): the
    wrapper runs around AOTAutograd's CompiledFunction; the forward alone is
    timed (the backward is PyTorch's in every column)."""
    sync = dev == "cuda"
    out = {"case": name, "eager": bench(f, args, iters, sync)}
    for label, kwargs in [("dynamo+identity", dict(backend=identity_backend)), ("inductor", {}),
                          ("wrapc", dict(backend="wrapc"))]:
        torch._dynamo.reset()
        out[label] = bench(torch.compile(f, fullgraph=True, **kwargs), args, iters, sync)
    torch._dynamo.reset()
    out["wrapc_torch.compile"] = bench(wrapc_torch.compile(f, args), args, iters, sync)
    out["inductor / wrapc"] = round(out["inductor"] / out["wrapc"], 2)
    out["inductor / wrapc_torch.compile"] = round(out["inductor"] / out["wrapc_torch.compile"], 2)
    print(json.dumps(out), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--iters", type=int, default=int(os.environ.get("ITERS", "2000")))
    opts = parser.parse_args()
    dev = opts.device
    print(json.dumps({"what": "env", "torch": torch.__version__, "cpus": os.cpu_count(),
                      "device": torch.cuda.get_device_name(0) if dev == "cuda" else "cpu"}), flush=True)
    global FLOOR
    if dev == "cuda":
        FLOOR = build_floor()
    for na, nm, n in CASES:
        args = [torch.randn(16, device=dev) for _ in range(n)]
        measure(f"{dev}: {na} alias, {nm} mut, {n} args", case_fn(na, nm, n), args, dev, opts.iters)
    from test_models import DecodeStep

    torch.manual_seed(0)
    model = DecodeStep().to(dev).eval()
    measure(f"{dev}: decode step", model, [torch.randn(1, 8, device=dev), torch.tensor([3], device=dev)], dev,
            opts.iters)
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 16)).to(dev).eval()
    measure(f"{dev}: MLP inference", mlp, [torch.randn(4, 16, device=dev)], dev, opts.iters)
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0, batch_first=True).to(dev).eval()
    measure(f"{dev}: TransformerEncoderLayer eval", layer, [torch.randn(2, 8, 64, device=dev)], dev, opts.iters)
    with torch.enable_grad():
        torch.manual_seed(0)
        mlp = torch.nn.Sequential(torch.nn.Linear(16, 32), torch.nn.GELU(), torch.nn.Linear(32, 16)).to(dev)
        measure_training(f"{dev}: MLP training forward", mlp, [torch.randn(4, 16, device=dev)], dev, opts.iters)


if __name__ == "__main__":
    with torch.no_grad():
        main()
