"""Compile time of a compiled optimizer step over many parameters: the
shape of wrapper that writes back the most inputs (every parameter and
momentum buffer), side by side with PyTorch's own backends in one process.

    python3 bench/torch/optimizer_scale.py [--params 1000] [--device cpu|cuda]

One JSON line per backend: the wall time of the first call (Dynamo, AOTAutograd,
the inner compiler and the runtime wrapper), of the second (a recompile: the
momentum buffers exist from then on) and the per-call time after, and the largest
difference from an eager optimizer stepped the same way.
"""

from __future__ import annotations

import argparse
import json
import time

import torch

import wrapc_torch  # noqa: F401  (registers backend="wrapc")

BACKENDS = {
    "aot_eager": dict(backend="aot_eager"),
    "wrapc (inner eager)": dict(backend="wrapc", options={"inner": "eager"}),
    "inductor": dict(backend="inductor"),
    "wrapc": dict(backend="wrapc"),
}


def measure(name: str, n: int, device: str, calls: int) -> dict:
    torch._dynamo.reset()
    g = torch.Generator().manual_seed(0)
    params = [torch.nn.Parameter(torch.randn(8, generator=g).to(device)) for _ in range(n)]
    for p in params:
        p.grad = torch.randn(8, generator=g).to(device)
    reference = [torch.nn.Parameter(p.detach().clone()) for p in params]
    for r, p in zip(reference, params):
        r.grad = p.grad.clone()
    step = torch.compile(torch.optim.SGD(params, lr=0.1, momentum=0.9).step, **BACKENDS[name])
    eager = torch.optim.SGD(reference, lr=0.1, momentum=0.9)
    sync = torch.cuda.synchronize if device == "cuda" else (lambda: None)
    timings = []
    for _ in range(2):
        start = time.perf_counter()
        step()
        sync()
        timings.append(time.perf_counter() - start)
        eager.step()
    start = time.perf_counter()
    for _ in range(calls):
        step()
        eager.step()
    sync()
    per_call = (time.perf_counter() - start) / calls
    error = max((a - b).abs().max().item() for a, b in zip(params, reference))
    return {
        "backend": name,
        "params": n,
        "device": device,
        "first call (s)": round(timings[0], 2),
        "second call (s)": round(timings[1], 2),
        "per call with eager's step (ms)": round(per_call * 1e3, 2),
        "max |compiled - eager|": error,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--params", type=int, default=1000)
    parser.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    parser.add_argument("--calls", type=int, default=10)
    parser.add_argument("--backends", default="aot_eager,wrapc (inner eager)", help=f"of: {', '.join(BACKENDS)}")
    args = parser.parse_args()
    for name in args.backends.split(","):
        if name not in BACKENDS:
            parser.error(f"unknown backend {name!r} (one of: {', '.join(BACKENDS)})")
    print(json.dumps({"what": "env", "torch": torch.__version__, "device": args.device}), flush=True)
    for name in args.backends.split(","):
        print(json.dumps(measure(name, args.params, args.device, args.calls)), flush=True)


if __name__ == "__main__":
    main()
