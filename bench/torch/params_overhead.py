"""Per-call time of a model with many parameters (each one an argument of
the compiled graph) under backend="inductor" and backend="wrapc", side by
side in one process.

    python3 bench/torch/params_overhead.py [--layers 100] [--train]
"""

from __future__ import annotations

import argparse
import json
import time

import torch

import wrapc_torch  # noqa: F401  (registers backend="wrapc")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--layers", type=int, default=100, help="Linear(8, 8) layers (two parameters each)")
    parser.add_argument("--train", action="store_true", help="grad mode on: a training forward")
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args()
    torch.manual_seed(0)
    model = torch.nn.Sequential(*[torch.nn.Linear(8, 8) for _ in range(args.layers)])
    x = torch.randn(4, 8)
    row = {"parameters": 2 * args.layers, "mode": "training forward" if args.train else "inference"}
    for backend in ("inductor", "wrapc"):
        torch._dynamo.reset()
        compiled = torch.compile(model, backend=backend)
        with torch.enable_grad() if args.train else torch.no_grad():
            for _ in range(3):
                compiled(x)
            start = time.perf_counter()
            for _ in range(args.calls):
                compiled(x)
            row[f"{backend} (us per call)"] = round((time.perf_counter() - start) / args.calls * 1e6, 1)
    print(json.dumps(row))


if __name__ == "__main__":
    main()
