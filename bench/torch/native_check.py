"""Whether Inductor's wrapper programs import as native code on this
machine's device, and what the native call does: per graph the import
verdict and counts, values against eager, Python functions run per call,
and per-call host time beside torch.compile's (one process).

    python3 bench/torch/native_check.py [--device cuda|cpu]   (JSON lines)
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import warnings

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "tests"))
sys.path.insert(0, HERE)

import wrapc_torch  # noqa: E402
from overhead import bench  # noqa: E402  (the same timing as the overhead benchmark)


def per_call_us(fn, args, sync):
    return bench(fn, args, 1000, sync)


def python_calls(fn, args):
    calls = []
    sys.setprofile(lambda frame, event, arg: calls.append(event) if event in ("call", "c_call") else None)
    try:
        fn(*args)
    finally:
        sys.setprofile(None)
    return len(calls) - 1  # the profiler's own removal


def check(name, fn, make_args, dev):
    sync = dev == "cuda"
    out = {"case": f"{dev}: {name}"}
    try:
        wrapc_torch.import_log(clear=True)
        t0 = time.perf_counter()
        native = wrapc_torch.compile(fn, make_args())
        out["compile s"] = round(time.perf_counter() - t0, 2)
        log = wrapc_torch.import_log(clear=True)
        out["native"] = bool(log) and all(e["native"] for e in log)
        out["import"] = [e["counts"] if e["native"] else e["reason"] for e in log]
        args = make_args()
        want, got = fn(*[a.clone() if isinstance(a, torch.Tensor) else a for a in args]), native(*args)
        want = want if isinstance(want, (tuple, list)) else [want]
        got = got if isinstance(got, (tuple, list)) else [got]
        out["equal to eager"] = all(
            torch.allclose(g.float(), w.float(), rtol=1e-3, atol=1e-4) for g, w in zip(got, want)
        )
        out["python calls per call"] = python_calls(native, make_args())
        out["wrapc_torch.compile us"] = per_call_us(native, make_args(), sync)
        torch._dynamo.reset()
        out["torch.compile us"] = per_call_us(torch.compile(fn), make_args(), sync)
        out["eager us"] = per_call_us(fn, make_args(), sync)
        out["speedup vs torch.compile"] = round(out["torch.compile us"] / out["wrapc_torch.compile us"], 1)
    except Exception as e:  # noqa: BLE001 - a report, not a test
        out["error"] = f"{type(e).__name__}: {str(e)[:800]}"
    print(json.dumps(out), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    dev = parser.parse_args().device
    warnings.simplefilter("ignore")
    print(json.dumps({"what": "env", "torch": torch.__version__,
                      "device": torch.cuda.get_device_name(0) if dev == "cuda" else "cpu"}), flush=True)
    r = lambda *s: torch.randn(*s, device=dev)  # noqa: E731
    check("pointwise", lambda x, y: (x * y + 1).relu(), lambda: [r(1024), r(1024)], dev)
    check("two outputs and a view", lambda x, y: (x + y, (x * y).sum(0), x.t()), lambda: [r(64, 32), r(64, 32)], dev)
    check("input mutation", lambda x, y: (x.add_(y), x * 2)[1], lambda: [r(256), r(256)], dev)
    torch.manual_seed(0)
    mlp = torch.nn.Sequential(torch.nn.Linear(64, 128), torch.nn.GELU(), torch.nn.Linear(128, 64)).to(dev).eval()
    check("MLP", mlp, lambda: [r(8, 64)], dev)
    from test_models import DecodeStep

    torch.manual_seed(0)
    step = DecodeStep().to(dev).eval()
    check("decode step", step, lambda: [r(1, 8), torch.tensor([3], device=dev)], dev)
    torch.manual_seed(0)
    layer = torch.nn.TransformerEncoderLayer(64, 4, 128, dropout=0.0, batch_first=True).to(dev).eval()
    check("TransformerEncoderLayer", layer, lambda: [r(2, 8, 64)], dev)


if __name__ == "__main__":
    with torch.no_grad():
        main()
