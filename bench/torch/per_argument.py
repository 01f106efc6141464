"""What one more argument, and one more regenerated view, costs a call of
the native path (`wrapc_torch.compile`, Inductor's wrapper imported), in one
process: the slope of µs per call over the count, beside eager's.

  reads      f(*xs) = xs[0] + 1: N tensor arguments, one read (each lent
             to the call: the compiled code only reads it)
  mirrored   the same with every argument mirrored (WRAPC_LEND_ARGUMENTS=0,
             as before lending): the A/B of lending, in one process
  views      f(*xs) = (xs[0] + 1, *(x.view(-1) for x in xs)): N outputs
             that are views of inputs, each regenerated on the caller's
  mutations  f(*xs) = every x.add_(1): N inputs written, version counters
             bumped on the caller's tensors
  externs    f(x, w) = x @ w, N times: N extern kernels (aten::mm.out
             through the dispatcher), each with its buffer

    python3 bench/torch/per_argument.py [--device cpu|cuda] > results.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import wrapc_torch  # noqa: E402
from overhead import bench  # noqa: E402

SHAPES = {
    "reads": lambda *xs: xs[0] + 1,
    "mirrored": lambda *xs: xs[0] + 1,
    "views": lambda *xs: (xs[0] + 1, *(x.view(-1) for x in xs)),
    "mutations": lambda *xs: [x.add_(1) for x in xs] and None,
    "externs": None,
}


def chain(n):
    def f(x, w):
        for _ in range(n):
            x = x @ w
        return x

    return f


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--iters", type=int, default=int(os.environ.get("ITERS", "2000")))
    parser.add_argument("--counts", default="1,8,32,128")
    opts = parser.parse_args()
    counts = [int(c) for c in opts.counts.split(",")]
    print(json.dumps({"what": "env", "torch": torch.__version__, "cpus": os.cpu_count(), "device": opts.device}))
    for name, f in SHAPES.items():
        rows = []
        for n in counts:
            args = [torch.randn(4, 4, device=opts.device) for _ in range(2 if f is None else n)]
            fn = chain(n) if f is None else f
            wrapc_torch.import_log(clear=True)
            os.environ["WRAPC_LEND_ARGUMENTS"] = "0" if name == "mirrored" else "1"
            compiled = wrapc_torch.compile(fn, [a.clone() for a in args])
            os.environ.pop("WRAPC_LEND_ARGUMENTS")
            native = all(e["native"] for e in wrapc_torch.import_log(clear=True))
            us = bench(compiled, args, opts.iters, opts.device == "cuda")
            rows.append((n, us, bench(fn, args, opts.iters, opts.device == "cuda"), native))
        (n0, w0, e0, _), (n1, w1, e1, _) = rows[0], rows[-1]
        print(json.dumps({
            "case": f"{opts.device}: {name}",
            "native": all(r[3] for r in rows),
            "wrapc_torch.compile us": {r[0]: r[1] for r in rows},
            "eager us": {r[0]: r[2] for r in rows},
            "wrapc ns per one more": round((w1 - w0) / (n1 - n0) * 1e3),
            "eager ns per one more": round((e1 - e0) / (n1 - n0) * 1e3),
        }), flush=True)


if __name__ == "__main__":
    with torch.no_grad():
        main()
